import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getDb } from "@/lib/db";
import { publicBaseUrl } from "@/lib/files/links";
import { getFormLocationByName } from "@/lib/forms/locations";
import { TECH_MESSAGES, TECH_SAVED, techTimeApiBody } from "@/lib/forms/tech-time/schemas";
import { getTechTime, techTimeFormValues } from "@/lib/forms/tech-time/queries";
import { saveTechTime } from "@/lib/forms/tech-time/mutations";

/**
 * POST /api/v1/techtime/add/update: `empolyee_number`, `empolyee_name`, `date`, `location` (the
 * location's name), `employee_email`, `attendanceClockTimeArr`, `shopTimeObjects`, and `id` for an
 * edit of the fields the body names (its requester while open, administrators). An unknown location
 * name is a 422 on `location`.
 */
export const POST = withApi({}, { body: techTimeApiBody }, async ({ user, body }) => {
  const { locationName, ...rest } = await techTimeApiBody.resolve(body, async (id) => {
    const row = await getTechTime(id, user);
    return { ...techTimeFormValues(row), locationName: row.locationName ?? "" };
  });
  const location = await getFormLocationByName(await getDb(), locationName);
  if (!location) throw new AppError(422, TECH_MESSAGES.location, { location: [TECH_MESSAGES.location] });
  const saved = await saveTechTime({ ...rest, locationId: location.id }, user, publicBaseUrl());
  return ok(saved, TECH_SAVED);
});
