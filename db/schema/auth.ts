import { index, pgEnum, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";
import { users } from "./users";

export const tokenKind = pgEnum("token_kind", ["session", "api"]);

/**
 * Browser sessions and v1 API tokens. Only a sha256 of the secret is stored; a row that is revoked,
 * expired, or whose user is disabled no longer authenticates (checked on every request).
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial().primaryKey(),
    userId: cascadingRef(() => users.id),
    kind: tokenKind().notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    provider: varchar({ length: 32 }).notNull().default("credentials"),
    /** SSO id_token, kept server-side for RP-initiated logout. */
    idToken: text(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 512 }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /**
     * Why it was revoked, for the sign-in page's notice (lib/auth/login-params.ts SIGN_IN_NOTICES):
     * `signout`, `switched` (another account signed in on the same browser), `access` (role or
     * permissions changed), `password`, `deleted`, `disabled`. Null: revoked before reasons were kept.
     */
    revokedReason: varchar({ length: 32 }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

/** Failed sign-in attempts, counted per account and per address across processes. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial().primaryKey(),
    key: varchar({ length: 255 }).notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.key, t.createdAt)],
);

export const passwordLinkPurpose = pgEnum("password_link_purpose", ["invite", "reset"]);

/**
 * One-time links to set a password (lib/users/password-links.ts): an administrator's invitation or
 * reset, or a self-service 'Forgot password?'. Only a sha256 of the secret is stored; a link is valid
 * for 72 hours and used once, and a newer link of the same user replaces the older ones.
 */
export const passwordLinks = pgTable(
  "password_links",
  {
    id: serial().primaryKey(),
    userId: cascadingRef(() => users.id),
    purpose: passwordLinkPurpose().notNull(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Set when a newer link of the same user was sent: this one then says so instead of working. */
    replacedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);
