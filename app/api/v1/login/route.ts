import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { verifyPasswordLogin } from "@/lib/auth/accounts";
import { apiLoginContent, clientIpOf } from "@/lib/auth/api-login";
import { DEVICE_COOKIE } from "@/lib/auth/device-cookie";
import { cookieOf } from "@/lib/http/cookies";

const body = z.object({
  username: text({ error: "Username Required" }).trim().min(1, "Username Required").max(190, "Username is too long"),
  password: text({ error: "Password Required" }).min(1, "Password Required").max(1024, "Password is too long"),
});

/** POST /api/v1/login (public): username and password for an API token. Failures are rate limited. */
export const POST = withApi({ public: true }, { body }, async ({ req, body }) => {
  const ip = clientIpOf(req);
  // A browser's device cookie (lib/auth/device-cookie.ts) counts here as on the sign-in page.
  const user = await verifyPasswordLogin({ ...body, ip, device: cookieOf(req.headers.get("cookie"), DEVICE_COOKIE) });
  return ok(
    await apiLoginContent(user, { ip, userAgent: req.headers.get("user-agent"), provider: "credentials" }),
    "Login successfully",
  );
});
