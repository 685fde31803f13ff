import bcrypt from "bcryptjs";
import { eq, or, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { attemptKeys, checkLoginThrottle, recordFailedAttempt } from "./rate-limit";
import { fetchUserinfo, type SsoClaims } from "./oidc";
import { ROLE } from "./roles";
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
 */
export async function verifyPasswordLogin(input: { username: string; password: string; ip?: string | null }) {
  const username = input.username.trim();
  // PostgreSQL text cannot hold NUL: such a name matches no account (and must not become a 500).
  if (username.includes("\u0000")) throw new AppError(401, INVALID_LOGIN);
  const db = await getDb();
  const [user] = await db
    .select()
    .from(schema.users)
    .where(or(sql`lower(${schema.users.username}) = lower(${username})`, sql`lower(${schema.users.email}) = lower(${username})`))
    .limit(1);
  // A known account is counted under its id, so naming it by username or by e-mail counts together.
  const keys = attemptKeys(user ? { id: user.id } : username, input.ip);
  const { delayMs } = await checkLoginThrottle(keys);
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const ok = await bcrypt.compare(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.passwordHash || !ok) {
    await recordFailedAttempt(keys);
    throw new AppError(401, INVALID_LOGIN);
  }
  // A deleted user (lib/users/mutations.ts) no longer exists as far as signing in is concerned.
  if (user.deletedAt) throw new AppError(401, INVALID_LOGIN);
  if (user.status !== "active") throw new AppError(403, ACCOUNT_DISABLED);
  return user;
}

/**
 * Finds the portal user of an SSO identity (by subject, then e-mail or username), creating a read-only
 * staff account on first sign-in.
 */
export async function upsertSsoUser(claims: SsoClaims) {
  const db = await getDb();
  const email = claims.email?.toLowerCase() ?? null;
  const username = (claims.preferred_username || email || claims.sub).slice(0, 190);
  const [existing] = await db
    .select()
    .from(schema.users)
    .where(
      or(
        eq(schema.users.oidcSubject, claims.sub),
        email ? sql`lower(${schema.users.email}) = ${email}` : sql`false`,
        sql`lower(${schema.users.username}) = lower(${username})`,
      ),
    )
    .orderBy(sql`${schema.users.oidcSubject} = ${claims.sub} desc nulls last`)
    .limit(1);
  if (existing) {
    if (existing.status !== "active" || existing.deletedAt) throw new AppError(403, ACCOUNT_DISABLED);
    if (existing.oidcSubject !== claims.sub) {
      await db.update(schema.users).set({ oidcSubject: claims.sub }).where(eq(schema.users.id, existing.id));
    }
    return existing;
  }
  const [nameFirst, ...nameRest] = (claims.name ?? "").split(" ");
  const [created] = await db
    .insert(schema.users)
    .values({
      username,
      email,
      oidcSubject: claims.sub,
      firstName: (claims.given_name ?? nameFirst ?? "").slice(0, 190),
      lastName: (claims.family_name ?? nameRest.join(" ")).slice(0, 190),
      roleId: ROLE.staff,
    })
    .returning();
  return created;
}

/** The old portal's auto sign-in: an SSO access token plus the username it belongs to. */
export async function verifySsoTokenLogin(input: { username: string; accessToken: string }) {
  const claims = await fetchUserinfo(input.accessToken);
  const wanted = input.username.trim().toLowerCase();
  const names = [claims.preferred_username, claims.email, claims.sub].filter(Boolean).map((s) => s!.toLowerCase());
  if (!names.includes(wanted)) {
    throw new AppError(401, "Your sign-in link is invalid or has expired. Please sign in again.");
  }
  return upsertSsoUser(claims);
}
