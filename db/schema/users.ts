import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";

/** Role ids are the old portal's system ids: 1 administrator, 2 calendar manager, 3 staff (read-only). */
export const roles = pgTable("roles", {
  id: integer().primaryKey(),
  name: varchar({ length: 100 }).notNull().unique(),
  ...timestamps,
});

export const states = pgTable("states", {
  id: serial().primaryKey(),
  code: varchar({ length: 2 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  ...timestamps,
});

export const departments = pgTable("departments", {
  id: integer().primaryKey(),
  name: varchar({ length: 190 }).notNull(),
  ...timestamps,
});

export const locations = pgTable(
  "locations",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 190 }).notNull(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id, { onDelete: "restrict" }),
    managerEmail: varchar({ length: 190 }),
    managerName: varchar({ length: 190 }),
    latitude: varchar({ length: 32 }),
    longitude: varchar({ length: 32 }),
    isBuswest: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.departmentId, t.name)],
);

export const userStatus = pgEnum("user_status", ["active", "disabled"]);

export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    username: varchar({ length: 190 }).notNull(),
    email: varchar({ length: 190 }),
    firstName: varchar({ length: 190 }).notNull().default(""),
    lastName: varchar({ length: 190 }).notNull().default(""),
    /** bcrypt hash; null for accounts that only sign in through SSO. */
    passwordHash: text(),
    /**
     * The SSO identity linked to this account: its issuer and `sub` claim (lib/auth/accounts.ts). An SSO
     * sign-in finds the account by both, never by e-mail or username once linked. A null issuer with a
     * subject is a link made before issuers were stored; the configured SSO adopts it on its next sign-in.
     */
    oidcIssuer: varchar({ length: 255 }),
    oidcSubject: varchar({ length: 255 }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: "restrict" }),
    status: userStatus().notNull().default("active"),
    empId: varchar({ length: 64 }),
    phone: varchar({ length: 32 }),
    stateId: integer().references(() => states.id, { onDelete: "set null" }),
    locationId: integer().references(() => locations.id, { onDelete: "set null" }),
    departmentId: integer().references(() => departments.id, { onDelete: "set null" }),
    profileColor: varchar({ length: 16 }).notNull().default("#1d4ed8"),
    profileImage: text(),
    hrPosition: integer().notNull().default(0),
    /** The profile's own texts (Edit Profile; shown on the HR cards). */
    post: varchar({ length: 190 }),
    teamDesignation: varchar({ length: 190 }),
    description: text(),
    bio: text(),
    quote: varchar({ length: 190 }),
    quoteName: varchar({ length: 190 }),
    /**
     * Set when an administrator deletes the user: the account is deactivated (no sign-in, sessions
     * revoked, gone from the user list) but the row stays, so what they wrote keeps its author name.
     */
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_username_lower_idx").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    uniqueIndex("users_oidc_identity_idx").on(t.oidcIssuer, t.oidcSubject),
    index("users_oidc_subject_idx").on(t.oidcSubject),
    index().on(t.roleId),
    // The user list (lib/users/list.ts): a trigram index per 'contains' filter, a b-tree per sort.
    // lower(...) LIKE lower(...) rather than ILIKE: the planner then prices the trigram index well
    // below a sequential scan (with ILIKE the two came out within 1% and it chose the scan, 10x slower).
    index("users_full_name_trgm_idx").using("gin", sql`lower(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("users_emp_id_trgm_idx").using("gin", sql`lower(${t.empId}) gin_trgm_ops`),
    index("users_phone_trgm_idx").using("gin", sql`lower(${t.phone}) gin_trgm_ops`),
    index("users_name_sort_idx").on(sql`lower(${t.firstName})`, sql`lower(${t.lastName})`, t.id),
    index("users_emp_id_sort_idx").on(t.empId, t.id),
    index("users_phone_sort_idx").on(t.phone, t.id),
    index("users_status_sort_idx").on(t.status, t.id),
    index().on(t.stateId),
    index().on(t.locationId),
    index().on(t.departmentId),
    index().on(t.hrPosition, t.id),
  ],
);

export const permissions = pgTable("permissions", {
  id: serial().primaryKey(),
  name: varchar({ length: 100 }).notNull().unique(),
  label: varchar({ length: 190 }).notNull(),
  ...timestamps,
});

export const userPermissions = pgTable(
  "user_permissions",
  {
    userId: cascadingRef(() => users.id),
    permissionId: cascadingRef(() => permissions.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] }), index().on(t.permissionId)],
);
