import { sql } from "drizzle-orm";
import { index, integer, pgEnum, timestamp, type PgColumn } from "drizzle-orm/pg-core";
import { REQUEST_STATUSES } from "../../lib/forms/request-statuses";
import { users } from "./users";

/** A staff request's status (docs/features/requests.md; lib/requests/transitions.ts is the workflow). */
export const requestStatus = pgEnum("request_status", REQUEST_STATUSES);

/**
 * The state every staff request carries (the four forms' tables): its status, who made the last
 * decision and when, and when its status last changed ('My requests' sorts on it and counts changes
 * since the requester last looked). Existing rows start as submitted.
 */
export const requestState = () => ({
  status: requestStatus().notNull().default("submitted"),
  decidedBy: integer().references(() => users.id, { onDelete: "set null" }),
  decidedAt: timestamp({ withTimezone: true }),
  statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When an approver should have decided it (the form's target in working days, lib/requests/deadlines.ts); null: no target. */
  dueAt: timestamp({ withTimezone: true }),
  /** An approver an administrator assigned (a submission no mapping routed): they may decide it too. */
  assignedTo: integer().references(() => users.id, { onDelete: "set null" }),
});

/** Indexes for 'My requests' (requester, newest change first) and the lists' status filters. */
export const requestStateIndexes = (
  name: string,
  t: Record<
    "createdBy" | "statusChangedAt" | "status" | "locationId" | "id" | "dueAt" | "assignedTo" | "createdAt",
    PgColumn
  >,
) => [
  index(`${name}_requester_changed_idx`).on(t.createdBy, t.statusChangedAt, t.id),
  index(`${name}_status_location_idx`).on(t.status, t.locationId, t.id),
  // Waiting for an approver, by location then due (the approvals inbox and its header count, 'Overdue' in the lists
  // and the approvers' summaries). Who made a request, who was assigned it and when it came are in the index too, so
  // the inbox counts and orders what waits on someone without reading the rows (lib/requests/approvals.ts). So is the
  // status: a form whose approvers decide from 'submitted' only asks for that one, and checks it in the index.
  index(`${name}_waiting_idx`)
    .on(t.locationId, t.dueAt, t.id, t.createdBy, t.assignedTo, t.createdAt, t.status)
    .where(sql`${t.status} in ('submitted', 'under_review')`),
];
