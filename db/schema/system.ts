import { index, integer, jsonb, pgTable, serial, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./_common";
import { users } from "./users";

/** Key/value settings the shell needs (system_year, ...). */
export const settings = pgTable("settings", {
  key: varchar({ length: 100 }).primaryKey(),
  value: text().notNull(),
  ...timestamps,
});

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
