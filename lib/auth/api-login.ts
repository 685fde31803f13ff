import { clientIp } from "@/lib/http/forwarded";
import { getFirstMenuSlug } from "@/lib/menus/queries";
import { getUserPermissions } from "@/lib/menus/queries";
import { issueToken } from "./session";

type UserRow = {
  id: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  roleId: number;
};

/** The v1 login answer: a new API token plus the user object, role and first menu slug. */
export async function apiLoginContent(
  user: UserRow,
  meta: { ip?: string | null; userAgent?: string | null; provider: string },
) {
  const { token, expiresAt } = await issueToken({
    userId: user.id,
    kind: "api",
    provider: meta.provider,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  const permissions = await getUserPermissions({ userId: user.id });
  const slug = await getFirstMenuSlug({ roleId: user.roleId });
  return {
    api_token: token,
    expires_at: expiresAt.toISOString(),
    roles: { id: user.roleId },
    user_obj: {
      id: user.id,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      username: user.username,
      role: { id: user.roleId, system_id: user.roleId },
      permissions: permissions.map((p) => ({ id: p.id, name: p.name })),
    },
    menu: { slug },
  };
}

/** The caller's address: X-Forwarded-For is believed only as far as TRUST_PROXY says (lib/http/forwarded.ts). */
export function clientIpOf(req: Request): string | null {
  return clientIp(req);
}
