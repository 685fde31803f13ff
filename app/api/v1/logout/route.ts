import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { revokeToken } from "@/lib/auth/session";

/** POST /api/v1/logout: revokes the bearer token of the call. */
export const POST = withApi({}, {}, async ({ req }) => {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
  if (m) await revokeToken(m[1]);
  return ok(null, "Logged out");
});
