/**
 * The statuses of a staff request (docs/features/requests.md), in workflow order. Kept free of imports: the Drizzle schema
 * (db/schema/request-state.ts) takes its enum from here, and drizzle-kit loads the schema without the
 * project's path aliases.
 */
export const REQUEST_STATUSES = [
  "submitted",
  "needs_info",
  "approved",
  "denied",
  "completed",
  "under_review",
  "accepted",
  "declined",
  "implemented",
  // Last: PostgreSQL appends a new enum value (its requester withdrew it; lib/requests/transitions.ts).
  "withdrawn",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
