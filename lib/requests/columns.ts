import { eq, sql } from "drizzle-orm";
import type { ExportColumn } from "@/lib/data-table/export";
import { statusOfFilter } from "./filters";
import type { PgColumn } from "drizzle-orm/pg-core";
import { schema } from "@/lib/db";
import { STATUS_LABELS } from "./transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";
import { personName } from "@/lib/users/display-name";

/**
 * The decision state a request's list row and record carry (docs/features/requests.md): status, decided by (a name),
 * decided at, and when it is due (overdue: waiting past it).
 */
export type RequestStateRow = {
  status: RequestStatus;
  decidedByName: string | null;
  decidedAt: Date | null;
  dueAt: Date | null;
  overdue: boolean;
};

/**
 * The select columns of a request's state for `t` (one of the staff forms' tables). The decider's name is
 * a scalar subquery on the primary key, not a join: the lists' total counts stay on the table alone.
 */
export function requestStateColumns(t: {
  status: PgColumn;
  decidedBy: PgColumn;
  decidedAt: PgColumn;
  dueAt: PgColumn;
}) {
  const u = schema.users;
  return {
    status: t.status,
    decidedByName: sql<string | null>`(select ${personName(u)} from ${u} where ${u.id} = ${t.decidedBy})`,
    decidedAt: t.decidedAt,
    dueAt: t.dueAt,
    overdue:
      sql<boolean>`(${t.status} in ('submitted', 'under_review') and ${t.dueAt} is not null and ${t.dueAt} < now())`.mapWith(
        Boolean,
      ),
  };
}

/** The v1 fields of a request's state (added to the list and get calls; old clients ignore them). */
export function toApiRequestState(r: Partial<RequestStateRow>) {
  return {
    status: r.status ?? "submitted",
    decided_by: r.decidedByName ?? null,
    decided_at: r.decidedAt ? new Date(r.decidedAt).toISOString() : null,
    overdue: r.overdue ?? false,
  };
}

/**
 * The lists' query columns of a request's state: Status filters (by its STATUS_FILTER number) and sorts,
 * Decided At sorts. The (status, location_id, id) index answers the status filter.
 */
export function requestStateQueryColumns(t: { status: PgColumn; decidedAt: PgColumn; dueAt: PgColumn }) {
  return {
    // 'Overdue' (the select's one value, 1): waiting for an approver past its due time (the *_waiting_idx indexes).
    overdue: {
      filter: {
        kind: "id" as const,
        where: () =>
          sql`(${t.status} in ('submitted', 'under_review') and ${t.dueAt} is not null and ${t.dueAt} < now())`,
      },
    },
    status: {
      sort: [t.status],
      filter: { kind: "id" as const, where: (v: string) => eq(t.status, statusOfFilter(v) ?? "submitted") },
    },
    decided_at: { sort: [t.decidedAt] },
  };
}

/** The export's columns of a request's state, after the list's own. */
export function requestStateExportColumns<T extends RequestStateRow>(): ExportColumn<T>[] {
  return [
    { header: "Status", value: (x) => STATUS_LABELS[x.status] },
    { header: "Decided By", value: (x) => x.decidedByName },
    { header: "Decided At", value: (x) => x.decidedAt },
    { header: "Overdue", value: (x) => (x.overdue ? "Yes" : "No") },
  ];
}
