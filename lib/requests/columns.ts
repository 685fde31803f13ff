import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { schema } from "@/lib/db";
import type { RequestStatus } from "./transitions";

/** The decision state a request's list row and record carry (issue 37): status, decided by (a name), decided at. */
export type RequestStateRow = { status: RequestStatus; decidedByName: string | null; decidedAt: Date | null };

/**
 * The select columns of a request's state for `t` (one of the four forms' tables). The decider's name is
 * a scalar subquery on the primary key, not a join: the lists' total counts stay on the table alone.
 */
export function requestStateColumns(t: { status: PgColumn; decidedBy: PgColumn; decidedAt: PgColumn }) {
  const u = schema.users;
  return {
    status: t.status,
    decidedByName: sql<string | null>`(select nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '') from ${u} where ${u.id} = ${t.decidedBy})`,
    decidedAt: t.decidedAt,
  };
}

/** The v1 fields of a request's state (added to the list and get calls; old clients ignore them). */
export function toApiRequestState(r: Partial<RequestStateRow>) {
  return {
    status: r.status ?? "submitted",
    decided_by: r.decidedByName ?? null,
    decided_at: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
  };
}
