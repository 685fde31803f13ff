import { index, integer, pgEnum, timestamp, type PgColumn } from "drizzle-orm/pg-core";
import { REQUEST_STATUSES } from "../../lib/forms/request-statuses";
import { users } from "./users";

/** A staff request's status (issue 37; lib/requests/transitions.ts is the workflow). */
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
});

/** Indexes for 'My requests' (requester, newest change first) and the lists' status filters. */
export const requestStateIndexes = (name: string, t: Record<"createdBy" | "statusChangedAt" | "status" | "locationId" | "id", PgColumn>) => [
  index(`${name}_requester_changed_idx`).on(t.createdBy, t.statusChangedAt, t.id),
  index(`${name}_status_location_idx`).on(t.status, t.locationId, t.id),
];
