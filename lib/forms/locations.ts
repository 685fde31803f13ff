import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { LOCATION_REQUIRED_MESSAGE } from "./messages";
import { toId } from "@/lib/validation/id";

/** The staff forms' locations are department 5's (the old portal's limits and formats: the lookup's fixed department). */
export const FORM_DEPARTMENT_ID = 5;

export type FormLocation = {
  id: number;
  name: string;
  managerEmail: string | null;
  managerName: string | null;
  latitude: string | null;
  longitude: string | null;
  isBuswest: boolean;
};

const { locations } = schema;

/** Department 5's locations by name, as the `getdepartmentlocationswohtml` lookup answers them. */
export async function listFormLocations(): Promise<FormLocation[]> {
  const db = await getDb();
  return db
    .select({
      id: locations.id,
      name: locations.name,
      managerEmail: locations.managerEmail,
      managerName: locations.managerName,
      latitude: locations.latitude,
      longitude: locations.longitude,
      isBuswest: locations.isBuswest,
    })
    .from(locations)
    .where(eq(locations.departmentId, FORM_DEPARTMENT_ID))
    .orderBy(asc(locations.name), asc(locations.id));
}

/** One form location (department 5), or null when there is no such location. */
export async function getFormLocation(
  tx: Db | Tx,
  id: number,
): Promise<{ id: number; name: string; managerEmail: string | null } | null> {
  if (toId(id) === null) return null;
  const [row] = await tx
    .select({ id: locations.id, name: locations.name, managerEmail: locations.managerEmail })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.departmentId, FORM_DEPARTMENT_ID)))
    .limit(1);
  return row ?? null;
}

/**
 * The location a submission names, or a 422 on `field` ('Select Location') when it does not exist:
 * an unknown id is a validation error of the form, never a foreign-key 500.
 */
export async function requireFormLocation(
  tx: Db | Tx,
  id: number,
  field = "location",
): Promise<{ id: number; name: string; managerEmail: string | null }> {
  const row = await getFormLocation(tx, id);
  if (!row) throw new AppError(422, LOCATION_REQUIRED_MESSAGE, { [field]: [LOCATION_REQUIRED_MESSAGE] });
  return row;
}

/** A form location by its name (the tech time call sends the name), case-insensitive; null when none. */
export async function getFormLocationByName(
  tx: Db | Tx,
  name: string,
): Promise<{ id: number; name: string; managerEmail: string | null } | null> {
  const [row] = await tx
    .select({ id: locations.id, name: locations.name, managerEmail: locations.managerEmail })
    .from(locations)
    .where(and(sql`lower(${locations.name}) = lower(${name.trim()})`, eq(locations.departmentId, FORM_DEPARTMENT_ID)))
    .orderBy(asc(locations.id))
    .limit(1);
  return row ?? null;
}
