import "server-only";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { getDb, schema, type Db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { equalsId, type ColumnSql } from "@/lib/data-table/query";
import { ownRecordOr404, ownSubmissions } from "@/lib/forms/submission";
import {
  requestStateColumns,
  requestStateExportColumns,
  requestStateQueryColumns,
  type RequestStateRow,
} from "@/lib/requests/columns";
import { UPDATED_COLUMNS, labelsOf, type TableSort } from "@/lib/data-table/state";
import type { ExportColumn } from "@/lib/data-table/export";
import { personName } from "@/lib/users/display-name";

const { locations } = schema;

/** The user who last changed a row, joined under this alias by the lists that show Updated By. */
export const updater = alias(schema.users, "updater");

/** 'First Last' of the last updater (null when blank), over a join on `updater`. */
export const updaterName = personName(updater);

/** Updated By sorts by the updater's first, then last name. */
export const UPDATED_BY_SORT = [sql`lower(${updater.firstName})`, sql`lower(${updater.lastName})`];

/** A staff form table with a location, its mapping's routing and the request state columns. */
type SubmissionTable = PgTable & {
  locationId: PgColumn;
  managerEmail: PgColumn;
  routed: PgColumn;
  createdBy: PgColumn;
  updatedBy: PgColumn;
  updatedAt: PgColumn;
} & Parameters<typeof requestStateColumns>[0];

/** The columns every staff form row shares after its own fields: location, routing, creator, updater, state. */
export function submissionColumns<T extends SubmissionTable>(t: T) {
  return {
    locationId: t.locationId as T["locationId"],
    locationName: locations.name,
    managerEmail: t.managerEmail as T["managerEmail"],
    routed: t.routed as T["routed"],
    createdBy: t.createdBy as T["createdBy"],
    updatedByName: updaterName,
    updatedAt: t.updatedAt as T["updatedAt"],
    ...requestStateColumns(t),
  };
}

/** What `submissionColumns` reads, as a list row and a record carry it after the form's own fields. */
export type SubmissionRow = {
  locationId: number | null;
  locationName: string | null;
  managerEmail: string | null;
  routed: boolean;
  createdBy: number | null;
  updatedByName: string | null;
  updatedAt: Date;
} & RequestStateRow;

/**
 * The list columns every staff form list on `submissionColumns` ends with: Location (sorts by name, filters
 * by id), Updated By, Updated At and the request state's.
 */
function submissionQueryColumns(t: SubmissionTable) {
  return {
    location: { sort: [sql`${locations.name}`], filter: equalsId(t.locationId) },
    updated_by: { sort: UPDATED_BY_SORT },
    updated_at: { sort: [t.updatedAt] },
    ...requestStateQueryColumns(t),
  };
}

const updatedLabel = labelsOf(UPDATED_COLUMNS);

/**
 * The export columns every staff form export on `submissionColumns` ends with, as its list does: Location,
 * Updated By, Updated At and the request state's.
 */
export function submissionExportColumns<T extends SubmissionRow>(): ExportColumn<T>[] {
  return [
    { header: "Location", value: (x) => x.locationName },
    { header: updatedLabel("updated_by"), value: (x) => x.updatedByName },
    { header: updatedLabel("updated_at"), value: (x) => x.updatedAt },
    ...requestStateExportColumns<T>(),
  ];
}

/**
 * A staff form list's definition but its kind, row columns and export: keyset on the table's id; its
 * `columns` of sorts and filters between the id's and the ones every such list ends with
 * (submissionQueryColumns); read joined to the location and the updater (whose sorts are joined sorts),
 * staff see their own records, roles 1 and 2 everyone's.
 */
export function submissionListSource(
  t: SubmissionTable & { id: PgColumn },
  own: { columns: Record<string, ColumnSql>; defaultSort: TableSort },
) {
  return {
    table: t,
    id: t.id,
    query: {
      columns: { id: { sort: [] }, ...own.columns, ...submissionQueryColumns(t) },
      tiebreak: t.id,
      defaultSort: own.defaultSort,
    },
    from: fromSubmission(t),
    joinedSorts: ["location", "updated_by"],
    scope: ownSubmissions(t.createdBy),
  };
}

/** `select cols from t` joined to its location and its last updater (the lists' `from`). */
export function fromSubmission(t: SubmissionTable) {
  return (db: Db, cols: Record<string, unknown>) =>
    db
      .select(cols as never)
      .from(t)
      .leftJoin(locations, eq(locations.id, t.locationId))
      .leftJoin(updater, eq(updater.id, t.updatedBy));
}

/**
 * A form's one-record reads over `fromSubmission` with the list's `columns`: `get` (the v1 get call and
 * the edit page) answers the user's own record, or any for roles 1 and 2, else the 404 `notFound`;
 * `find` (the record page) answers null for one they may not see, as for an unknown id, so the page
 * cannot tell them apart.
 */
export function submissionRecords<Row extends { createdBy: number | null }>(
  t: SubmissionTable & { id: PgColumn },
  columns: Record<string, unknown>,
  notFound: string,
) {
  const from = fromSubmission(t);
  const one = async (where: SQL | undefined) => {
    const [row] = (await from(await getDb(), columns)
      .where(where)
      .limit(1)) as Row[];
    return row;
  };
  return {
    get: async (id: number, user: SessionUser): Promise<Row> => ownRecordOr404(await one(eq(t.id, id)), user, notFound),
    find: async (id: number, user: SessionUser): Promise<Row | null> =>
      (await one(and(eq(t.id, id), ownSubmissions(t.createdBy)(user)))) ?? null,
  };
}
