import bcrypt from "bcryptjs";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { attemptKeys, checkLoginThrottle, recordDeviceFailure, recordFailedAttempt } from "./rate-limit";
import { trustedDeviceKey } from "./device-cookie";
import { emailVerified, fetchUserinfo, INVALID_SIGN_IN_LINK, SSO_UNREACHABLE, ssoIssuer, type SsoClaims } from "./oidc";
import { writeAudit } from "@/lib/system/audit";
import { ROLE, roleCan } from "./roles";
import { LOGIN_ERRORS } from "./login-params";

export const INVALID_LOGIN = "Invalid username or password.";
export const ACCOUNT_DISABLED = LOGIN_ERRORS.AccountDisabled;

export async function hashPassword(password: string) {
  return bcrypt.hash(password, 10);
}

// A real hash to compare against when the user does not exist, so timing does not reveal usernames.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.1nqjHJrF3S5bFZ4l1dK5lU6c9mEa";

/**
 * Checks a username/password sign-in. Failures are limited per account and address pair, a failing
 * account is slowed rather than locked, and an address only at very high volumes (lib/auth/rate-limit.ts).
 * `device` is the browser's device cookie: when it names this account and is still trusted, the attempt
 * is judged by that device's own failures instead (lib/auth/device-cookie.ts).
 */
export async function verifyPasswordLogin(input: {
  username: string;
  password: string;
  ip?: string | null;
  device?: string | null;
}) {
  const username = input.username.trim();
  // PostgreSQL text cannot hold NUL: such a name matches no account (and must not become a 500).
  if (username.includes("\u0000")) throw new AppError(401, INVALID_LOGIN);
  const db = await getDb();
  const [user] = await db
    .select()
    .from(schema.users)
    .where(
      or(
        sql`lower(${schema.users.username}) = lower(${username})`,
        sql`lower(${schema.users.email}) = lower(${username})`,
      ),
    )
    .limit(1);
  // A known account is counted under its id, so naming it by username or by e-mail counts together.
  const keys = attemptKeys(user ? { id: user.id } : username, input.ip);
  const device = user ? await trustedDeviceKey(input.device, user.id) : null;
  if (!device) {
    const { delayMs } = await checkLoginThrottle(keys);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !ok) {
    await (device ? recordDeviceFailure(device) : recordFailedAttempt(keys));
    throw new AppError(401, INVALID_LOGIN);
  }
  // A deleted user (lib/users/mutations.ts) no longer exists as far as signing in is concerned.
  if (user.deletedAt) throw new AppError(401, INVALID_LOGIN);
  if (user.status !== "active") throw new AppError(403, ACCOUNT_DISABLED);
  return user;
}

type UserRow = typeof schema.users.$inferSelect;

/** An SSO identity: the issuer that vouches for it and its subject there (never its e-mail or name). */
export type SsoIdentity = { issuer: string; sub: string };

export const SSO_LINK_REQUIRED = LOGIN_ERRORS.SsoLinkRequired;
export const SSO_EMAIL_TAKEN = LOGIN_ERRORS.SsoEmailTaken;
export const SSO_SUBJECT_TAKEN = "This SSO identity is already linked to another portal account.";

/**
 * An SSO identity whose e-mail names an existing account that it may not take over by itself (an
 * administrator or calendar manager, or an e-mail the SSO has not verified). The person may link it by
 * signing in once with that account's password (lib/auth/sso-link.ts, linkSsoIdentity).
 */
export class SsoLinkRequired extends AppError {
  constructor(public identity: SsoIdentity & { email: string }) {
    super(403, SSO_LINK_REQUIRED);
  }
}

function assertCanSignIn(user: UserRow) {
  // A deleted user (lib/users/mutations.ts) no longer exists as far as signing in is concerned.
  if (user.deletedAt) throw new AppError(403, LOGIN_ERRORS.AccessDenied);
  if (user.status !== "active") throw new AppError(403, ACCOUNT_DISABLED);
}

async function findByIdentity(identity: SsoIdentity): Promise<UserRow | undefined> {
  const db = await getDb();
  const [linked] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.oidcIssuer, identity.issuer), eq(schema.users.oidcSubject, identity.sub)))
    .limit(1);
  return linked;
}

/** A free username for a new SSO account: the claim if no one has it, else the claim with a number. */
async function freeUsername(wanted: string): Promise<string> {
  const db = await getDb();
  const base =
    wanted
      .replace(/[\u0000-\u001f\u007f]/g, "")
      .trim()
      .slice(0, 180) || "sso-user";
  const taken = new Set(
    (
      await db
        .select({ name: sql<string>`lower(${schema.users.username})` })
        .from(schema.users)
        .where(
          sql`lower(${schema.users.username}) = lower(${base}) or lower(${schema.users.username}) like lower(${base.replace(/[\\%_]/g, "\\$&") + "-%"})`,
        )
    ).map((r) => r.name),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`.toLowerCase())) return `${base}-${n}`;
}

/**
 * Finds the portal user of an SSO identity, or creates it as read-only staff. The claims are claims:
 * - an identity already linked is found by its issuer and subject only (a link made before issuers
 *   were stored, issuer null, is adopted by the configured SSO);
 * - an unlinked local account is linked by e-mail only when the SSO verified that e-mail and the account
 *   is staff (role 3); an administrator or calendar manager, or an unverified e-mail, needs the
 *   account's password once (SsoLinkRequired, lib/auth/sso-link.ts) or an administrator;
 * - a username claim never links (a new account takes the next free variant of it);
 * - an account already linked to another identity is never re-linked.
 */
export async function upsertSsoUser(claims: SsoClaims, issuer: string) {
  if (typeof claims?.sub !== "string" || !claims.sub || claims.sub.length > 255)
    throw new AppError(403, LOGIN_ERRORS.AccessDenied);
  const identity = { issuer, sub: claims.sub };
  const db = await getDb();
  const linked = await findByIdentity(identity);
  if (linked) {
    assertCanSignIn(linked);
    return linked;
  }
  const [legacy] = await db
    .select()
    .from(schema.users)
    .where(and(isNull(schema.users.oidcIssuer), eq(schema.users.oidcSubject, identity.sub)))
    .limit(1);
  if (legacy) {
    assertCanSignIn(legacy);
    await db
      .update(schema.users)
      .set({ oidcIssuer: issuer })
      .where(and(eq(schema.users.id, legacy.id), isNull(schema.users.oidcIssuer)));
    return legacy;
  }

  const email =
    typeof claims.email === "string" && claims.email.includes("@")
      ? claims.email.trim().toLowerCase().slice(0, 190)
      : null;
  const verified = emailVerified(claims);
  if (email) {
    const [owner] = await db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${email}`)
      .limit(1);
    if (owner) {
      if (owner.deletedAt) throw new AppError(403, LOGIN_ERRORS.AccessDenied);
      if (owner.oidcSubject) throw new AppError(403, SSO_EMAIL_TAKEN);
      if (!verified || !roleCan(owner.roleId, "linkSsoByEmail")) throw new SsoLinkRequired({ ...identity, email });
      assertCanSignIn(owner);
      const [updated] = await db
        .update(schema.users)
        .set({ oidcIssuer: issuer, oidcSubject: identity.sub })
        .where(and(eq(schema.users.id, owner.id), isNull(schema.users.oidcSubject)))
        .returning();
      if (!updated) throw new AppError(403, SSO_EMAIL_TAKEN); // linked by a concurrent sign-in
      return updated;
    }
  }

  const [nameFirst, ...nameRest] = (claims.name ?? "").split(" ");
  const username = await freeUsername(claims.preferred_username || email?.split("@")[0] || claims.sub);
  try {
    const [created] = await db
      .insert(schema.users)
      .values({
        username,
        // An unverified e-mail is not kept: it would claim an address for someone who may not own it.
        email: verified ? email : null,
        oidcIssuer: issuer,
        oidcSubject: identity.sub,
        firstName: (claims.given_name ?? nameFirst ?? "").slice(0, 190),
        lastName: (claims.family_name ?? nameRest.join(" ")).slice(0, 190),
        roleId: ROLE.staff,
      })
      .returning();
    return created;
  } catch (err) {
    // Two first sign-ins of the same identity at once: the other one created it.
    const again = await findByIdentity(identity);
    if (again) {
      assertCanSignIn(again);
      return again;
    }
    throw err;
  }
}

/**
 * Links an SSO identity to an account whose password was just checked (the person holds both). Refused
 * when the account is linked already or the identity is linked to another account; the identity's
 * e-mail must be the account's (the pending link was made for that account, lib/auth/sso-link.ts).
 */
export async function linkSsoIdentity(input: {
  userId: number;
  identity: SsoIdentity;
  email?: string | null;
}): Promise<void> {
  const db = await getDb();
  const other = await findByIdentity(input.identity);
  if (other && other.id !== input.userId) throw new AppError(409, SSO_SUBJECT_TAKEN);
  if (other) return;
  const [updated] = await db
    .update(schema.users)
    .set({ oidcIssuer: input.identity.issuer, oidcSubject: input.identity.sub })
    .where(
      and(
        eq(schema.users.id, input.userId),
        isNull(schema.users.oidcSubject),
        input.email ? sql`lower(${schema.users.email}) = lower(${input.email})` : undefined,
      ),
    )
    .returning({ id: schema.users.id });
  if (!updated) throw new AppError(409, "This portal account could not be linked to your SSO identity.");
  await writeAudit({
    actorId: input.userId,
    action: "sso_link",
    entity: "user",
    entityId: input.userId,
    after: input.identity,
  });
}

/**
 * The old portal's auto sign-in: an SSO access token issued to this portal, plus the username it
 * belongs to. Limited like password sign-in, per address and per claimed username (a failure is a
 * token the SSO does not confirm, or one that names someone else), under keys of its own: a refused
 * token is not a failed password of the account it names (docs/security.md).
 */
export async function verifySsoTokenLogin(input: { username: string; accessToken: string; ip?: string | null }) {
  const wanted = input.username.trim().toLowerCase();
  const issuer = ssoIssuer();
  if (!issuer) throw new AppError(400, "Single sign-on is not configured.");
  const db = await getDb();
  const [named] = wanted.includes("\u0000")
    ? []
    : await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(or(sql`lower(${schema.users.username}) = ${wanted}`, sql`lower(${schema.users.email}) = ${wanted}`))
        .limit(1);
  const keys = attemptKeys(named ? { id: named.id } : wanted, input.ip, "sso-link");
  const { delayMs } = await checkLoginThrottle(keys);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  let claims: SsoClaims;
  try {
    claims = await fetchUserinfo(input.accessToken);
    const names = [claims.preferred_username, claims.email, claims.sub]
      .filter((s): s is string => typeof s === "string")
      .map((s) => s.toLowerCase());
    if (!names.includes(wanted)) throw new AppError(401, INVALID_SIGN_IN_LINK);
  } catch (err) {
    // An unreachable SSO is not the visitor's failure; a token it refuses is.
    if (err instanceof AppError && err.status === 401 && err.message !== SSO_UNREACHABLE)
      await recordFailedAttempt(keys);
    throw err;
  }
  return upsertSsoUser(claims, issuer);
}
