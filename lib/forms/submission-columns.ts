import "server-only";
import { eq, sql } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { schema, type Db } from "@/lib/db";
import { requestStateColumns } from "@/lib/requests/columns";

const { locations } = schema;

/** The user who last changed a row, joined under this alias by the lists that show Updated By. */
export const updater = alias(schema.users, "updater");

/** 'First Last' of the last updater (null when blank), over a join on `updater`. */
export const updaterName = sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`;

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

/** `select cols from t` joined to its location and its last updater (the lists' `from`). */
export function fromSubmission(t: SubmissionTable) {
  return (db: Db, cols: Record<string, unknown>) =>
    db
      .select(cols as never)
      .from(t)
      .leftJoin(locations, eq(locations.id, t.locationId))
      .leftJoin(updater, eq(updater.id, t.updatedBy));
}
