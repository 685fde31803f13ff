import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, smallint, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./_common";
import { users } from "./users";

/** Key/value settings the shell needs (system_year, ...). */
export const settings = pgTable("settings", {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
  ...timestamps,
});

/**
 * One row: a counter that every committed change to what the shell reads on each request moves on
 * (menus, icons, settings, banners). Triggers (migration 0007) bump it in the writing transaction,
 * before the statement's own row locks, as content_version's do; the session lookup reads it
 * (CONFIG_STAMP_SQL) and lib/db/config-cache.ts keeps the menus, settings and banners in memory while
 * it is unchanged, whichever process or tool wrote.
 */
export const configVersion = pgTable(
  "config_version",
  {
    id: smallint().primaryKey().default(1),
    version: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("config_version_one_row", sql`${t.id} = 1`)],
);

/** Every administrative change: who, what, when, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    action: varchar({ length: 64 }).notNull(),
    entity: varchar({ length: 64 }).notNull(),
    entityId: varchar({ length: 64 }),
    before: jsonb(),
    after: jsonb(),
    requestId: varchar({ length: 64 }),
    ip: varchar({ length: 64 }),
    ...timestamps,
  },
  (t) => [index().on(t.entity, t.entityId), index().on(t.createdAt)],
);
