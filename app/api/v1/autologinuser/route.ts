import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { verifySsoTokenLogin } from "@/lib/auth/accounts";
import { apiLoginContent, clientIpOf } from "@/lib/auth/api-login";

const body = z.object({
  username: text({ error: "Username Required" }).trim().min(1, "Username Required").max(190),
  access_token: text({ error: "Access Token Required" }).trim().min(1, "Access Token Required").max(4096),
});

/**
 * POST /api/v1/autologinuser (public): an SSO access token issued to the portal (introspection, or a
 * JWT's audience), with its claims from the SSO's userinfo, for an API token. Rate limited like
 * password sign-in (lib/auth/accounts.ts verifySsoTokenLogin).
 */
export const POST = withApi({ public: true }, { body }, async ({ req, body }) => {
  const ip = clientIpOf(req);
  const user = await verifySsoTokenLogin({ username: body.username, accessToken: body.access_token, ip });
  return ok(
    await apiLoginContent(user, { ip, userAgent: req.headers.get("user-agent"), provider: "oidc" }),
    "Login successfully",
  );
});
