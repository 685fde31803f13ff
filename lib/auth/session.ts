import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { getDb, getDbHandle, schema, type Db } from "@/lib/db";
import { CONFIG_STAMP_SQL, CONTENT_STAMP_SQL } from "@/lib/db/config-cache";
import { getAuthSecret } from "@/lib/config";
import { asDatabaseUnavailable, isDatabaseUnavailable } from "@/lib/db/retry";
import { noteDatabaseUnavailable, requestFaults } from "@/lib/db/faults";
import { DatabaseUnavailableError } from "@/lib/errors";
import { setRecent } from "@/lib/lru";
import { hashToken, newSecretToken, SESSION_TTL_MS } from "./tokens";

export type SessionUser = {
  id: number;
  username: string;
  email: string | null;
  firstName: string;
  lastName: string;
  roleId: number;
  roleName: string;
  /** The user's location (the audience of posts and attachments, lib/content/visibility.ts). */
  locationId: number | null;
  profileColor: string;
  /** The profile photo's storage key, or null (the header shows initials then). */
  profileImage: string | null;
  permissions: string[];
  tokenId: number;
  provider: string;
  /**
   * The version of menus, icons, settings and banners read with the session (lib/db/config-cache.ts):
   * pass it as `stamp` to listMenuTree, getMenuBySlug, getFirstMenuSlug, getSystemYear and
   * getBannerForMenu, which then answer from memory while those tables are unchanged.
   */
  configStamp: string;
  /**
   * The content version read with the session (content_version, lib/db/config-cache.ts cachedRead):
   * pass it as `stamp` to listDiscussions, listAttachmentItems and listSaveTheDates.
   */
  contentStamp: string;
};

/** Auth.js session cookie names (secure prefix when served over HTTPS). */
export const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

/** Creates a session or API token row and returns the secret (shown once, stored only as a hash). */
export async function issueToken(input: {
  userId: number;
  kind: (typeof schema.apiTokens.kind.enumValues)[number];
  provider?: string;
  idToken?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}): Promise<{ token: string; expiresAt: Date }> {
  const db = await getDb();
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(schema.apiTokens).values({
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    provider: input.provider ?? "credentials",
    idToken: input.idToken ?? null,
    ip: input.ip?.slice(0, 64) ?? null,
    userAgent: input.userAgent?.slice(0, 512) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Why a session or token was revoked (api_tokens.revoked_reason). */
export type RevokeReason = "signout" | "switched" | "access" | "password" | "deleted" | "disabled";

/** Revokes one token (sign-out). Returns the row so SSO logout can use its id_token. */
export async function revokeToken(token: string, reason: RevokeReason = "signout") {
  const db = await getDb();
  const [row] = await db
    .update(schema.apiTokens)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(schema.apiTokens.tokenHash, hashToken(token)), isNull(schema.apiTokens.revokedAt)))
    .returning({ provider: schema.apiTokens.provider, idToken: schema.apiTokens.idToken });
  return row ?? null;
}

// Shared by every bundle of the process.
const g = globalThis as unknown as {
  __portalSessionCookies?: Map<string, { sid: string | null; exp: number }>;
  __portalSessionLookups?: WeakMap<Db, unknown>;
};
const MAX_CACHED = 5000;

/**
 * The session lookup as a prepared statement per database handle (built once, not per request). It
 * also reads the config and content versions (lib/db/config-cache.ts).
 */
function buildSessionLookup(db: Db) {
  return db
    .select({
      tokenId: schema.apiTokens.id,
      provider: schema.apiTokens.provider,
      id: schema.users.id,
      username: schema.users.username,
      email: schema.users.email,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      roleId: schema.users.roleId,
      roleName: schema.roles.name,
      locationId: schema.users.locationId,
      profileColor: schema.users.profileColor,
      profileImage: schema.users.profileImage,
      permission: schema.permissions.name,
      configStamp: sql<string | null>`${CONFIG_STAMP_SQL}`,
      contentStamp: sql<string | null>`${CONTENT_STAMP_SQL}`,
    })
    .from(schema.apiTokens)
    .innerJoin(schema.users, eq(schema.users.id, schema.apiTokens.userId))
    .innerJoin(schema.roles, eq(schema.roles.id, schema.users.roleId))
    .leftJoin(schema.userPermissions, eq(schema.userPermissions.userId, schema.users.id))
    .leftJoin(schema.permissions, eq(schema.permissions.id, schema.userPermissions.permissionId))
    .where(
      and(
        eq(schema.apiTokens.tokenHash, sql.placeholder("tokenHash")),
        isNull(schema.apiTokens.revokedAt),
        gt(schema.apiTokens.expiresAt, sql`now()`),
        eq(schema.users.status, "active"),
        isNull(schema.users.deletedAt),
      ),
    )
    .prepare("session_lookup_stamped");
}

const sessionLookups = (g.__portalSessionLookups ??= new WeakMap());

function sessionLookup(db: Db): ReturnType<typeof buildSessionLookup> {
  let lookup = sessionLookups.get(db) as ReturnType<typeof buildSessionLookup> | undefined;
  if (!lookup) sessionLookups.set(db, (lookup = buildSessionLookup(db)));
  return lookup;
}

/**
 * Looks a secret token up in the database: it must exist, not be revoked or expired, and belong to an
 * active user; null when it is no session. A database that cannot answer is a DatabaseUnavailableError
 * (a 503 at every entry point), never null. Role and permissions are read fresh, so a sign-out, a disabled account or a role change
 * made through any server process applies on the next request to every one: every call queries (one
 * prepared statement), and also reads the config and content versions.
 */
export async function resolveToken(token: string | null | undefined): Promise<SessionUser | null> {
  if (!token || token.length !== 70 || !/^[A-Za-z0-9]+$/.test(token)) return null;
  // A request that already met the database unavailable does not wait for it again (Next renders a
  // failed page's metadata and error payload after the page: each would ask for the session once more).
  if (requestFaults.getStore()?.databaseUnavailable) throw new DatabaseUnavailableError();
  const tokenHash = hashToken(token);
  let rows: Awaited<ReturnType<ReturnType<typeof sessionLookup>["execute"]>>;
  try {
    const { db } = await getDbHandle();
    rows = await sessionLookup(db).execute({ tokenHash });
  } catch (err) {
    // 'The database could not answer' is not 'no session': it must never sign anyone out (docs/security.md).
    if (isDatabaseUnavailable(err)) {
      noteDatabaseUnavailable(); // for the answers that cannot see this error (lib/db/faults.ts)
      throw asDatabaseUnavailable(err);
    }
    throw err;
  }
  if (rows.length === 0) return null;
  const { permission: _p, configStamp, contentStamp, ...user } = rows[0];
  return Object.freeze({
    ...user,
    configStamp: configStamp ?? "",
    contentStamp: contentStamp ?? "",
    permissions: Object.freeze(rows.flatMap((r) => (r.permission ? [r.permission] : []))) as string[],
  });
}

// Decrypting the Auth.js cookie costs about a millisecond; the same cookie string always decrypts to
// the same payload, so successful decryptions are remembered (until the JWT's own expiry).
const decodedCookies = (g.__portalSessionCookies ??= new Map());

async function sidOfCookie(name: string, raw: string): Promise<string | null> {
  const key = `${name}=${raw}`;
  const hit = decodedCookies.get(key);
  if (hit && hit.exp > Date.now()) return hit.sid;
  const jwt = await decode({ token: raw, secret: getAuthSecret(), salt: name });
  const sid = typeof jwt?.sid === "string" ? jwt.sid : null;
  const exp = typeof jwt?.exp === "number" ? jwt.exp * 1000 : Date.now() + SESSION_TTL_MS;
  setRecent(decodedCookies, key, { sid, exp }, MAX_CACHED);
  return sid;
}

/** Reads the Auth.js session cookie (an encrypted JWT holding our session secret) and resolves it. */
export async function resolveSessionCookie(get: (name: string) => string | undefined): Promise<SessionUser | null> {
  for (const name of SESSION_COOKIES) {
    const raw = get(name);
    if (!raw) continue;
    let sid: string | null;
    try {
      sid = await sidOfCookie(name, raw);
    } catch {
      return null; // tampered or signed with another secret
    }
    // A database failure is thrown (DatabaseUnavailableError), never taken for a signed-out visitor.
    return resolveToken(sid);
  }
  return null;
}

/** The session secret in the Auth.js cookie, or null (none, tampered, or another secret's). */
export async function sessionIdOfCookies(get: (name: string) => string | undefined): Promise<string | null> {
  for (const name of SESSION_COOKIES) {
    const raw = get(name);
    if (!raw) continue;
    try {
      return await sidOfCookie(name, raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Why the browser's session cookie no longer signs anyone in, for the sign-in page's notice
 * (lib/auth/login-params.ts): `AccessChanged` when an administrator changed the account's role or
 * permissions, else `SessionEnded` (expired, signed out elsewhere, disabled). Null without a cookie.
 */
export async function sessionEndReason(
  get: (name: string) => string | undefined,
): Promise<"SessionEnded" | "AccessChanged" | null> {
  if (!hasSessionCookie(get)) return null;
  const sid = await sessionIdOfCookies(get);
  if (!sid || sid.length !== 70) return "SessionEnded";
  const db = await getDb();
  const [row] = await db
    .select({ reason: schema.apiTokens.revokedReason })
    .from(schema.apiTokens)
    .where(eq(schema.apiTokens.tokenHash, hashToken(sid)))
    .limit(1);
  return row?.reason === "access" ? "AccessChanged" : "SessionEnded";
}

export function hasSessionCookie(get: (name: string) => string | undefined): boolean {
  return SESSION_COOKIES.some((n) => !!get(n));
}
