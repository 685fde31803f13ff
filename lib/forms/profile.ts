import "server-only";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { personNameOrUsernameOf } from "@/lib/users/display-name";
import { listFormLocations, type FormLocation } from "./locations";

/**
 * Who is filling in a staff form, from their profile (docs/features/staff-forms.md): an add form starts
 * with these in its name, e-mail, employee number and location fields, which stay editable (someone may
 * file for a colleague). `locationId` is the user's own location when it is one the forms offer, else null.
 */
export type FormProfile = {
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The profile's employee id (Dayforce Id); '' when it has none. */
  employeeNumber: string;
  locationId: number | null;
};

/**
 * What an add page hands its form: the forms' locations and the signed-in user's FormProfile, read on the
 * server so the form renders filled (no empty fields that fill in later).
 */
export async function loadAddForm(user: SessionUser): Promise<{ locations: FormLocation[]; me: FormProfile }> {
  const db = await getDb();
  const [locations, [row]] = await Promise.all([
    listFormLocations(),
    db.select({ empId: schema.users.empId }).from(schema.users).where(eq(schema.users.id, user.id)),
  ]);
  const me: FormProfile = {
    name: personNameOrUsernameOf(user),
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? "",
    employeeNumber: row?.empId ?? "",
    locationId: locations.some((l) => l.id === user.locationId) ? user.locationId : null,
  };
  return { locations, me };
}
