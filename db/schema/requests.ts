import { bigserial, index, integer, pgTable, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";
import { files } from "./files";
import { formKey } from "./forms";
import { requestStatus } from "./request-state";
import { users } from "./users";

/**
 * The timeline of the four staff requests (docs/features/requests.md): one row per step (the submission is the status
 * the row starts in; each decision or answer adds a row), keyed by form and record id, so one table and
 * one query serve every form. The actor's name is copied: a timeline still reads right after a user is
 * renamed or deleted.
 */
export const requestEvents = pgTable(
  "request_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    formKey: formKey().notNull(),
    recordId: integer().notNull(),
    decision: varchar({ length: 32 }).notNull(),
    fromStatus: requestStatus().notNull(),
    toStatus: requestStatus().notNull(),
    comment: text().notNull().default(""),
    actorId: integer().references(() => users.id, { onDelete: "set null" }),
    actorName: varchar({ length: 190 }).notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.formKey, t.recordId, t.id)],
);

/** When a user last opened 'My requests' (the header counts their requests changed since). */
export const requestViews = pgTable("request_views", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Each form's target time to decide, in working days (administrators set it; no row: no target). */
export const requestTargets = pgTable("request_targets", {
  formKey: formKey().primaryKey(),
  workingDays: smallint().notNull(),
  updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
  ...timestamps,
});

/** The day (in the dealerships' zone) each approver's overdue summary was last sent: one mail a day at most. */
export const overdueSummaries = pgTable("overdue_summaries", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  day: varchar({ length: 10 }).notNull(),
  ...timestamps,
});

/**
 * Photos and documents a requester attached to a request while it needed information (with the answer),
 * keyed by form and record id like the timeline. The file goes with its row (a file deleted, the link goes).
 * Who may open the request may download them (lib/files/access.ts).
 */
export const requestFiles = pgTable(
  "request_files",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    formKey: formKey().notNull(),
    recordId: integer().notNull(),
    fileId: cascadingRef(() => files.id),
    addedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.formKey, t.recordId, t.id), index().on(t.fileId)],
);
