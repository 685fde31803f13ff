import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getDb, type Db, type Tx } from "@/lib/db";
import { publicBaseUrl } from "@/lib/files/links";
import { getFormLocationByName } from "@/lib/forms/locations";
import type { SubmissionInput } from "@/lib/forms/save-submission";
import { TECH_MESSAGES, TECH_SAVED, techTimeApiBody, type TechTimeValues } from "@/lib/forms/tech-time/schemas";
import { saveTechTime } from "@/lib/forms/tech-time/mutations";

type ApiValues = Awaited<ReturnType<typeof techTimeApiBody.resolve>>;

/** The body's values with its location named by name: that location's id, else a 422 on `location`. */
async function atLocation(db: Db | Tx, { locationName, ...rest }: ApiValues): Promise<TechTimeValues> {
  const location = await getFormLocationByName(db, locationName);
  if (!location) throw new AppError(422, TECH_MESSAGES.location, { location: [TECH_MESSAGES.location] });
  return { ...rest, locationId: location.id };
}

/**
 * POST /api/v1/techtime/add/update: `empolyee_number`, `empolyee_name`, `date`, `location` (the
 * location's name), `employee_email`, `attendanceClockTimeArr`, `shopTimeObjects`, and `id` for an
 * edit of the fields the body names (its requester while open, administrators), laid over the form as
 * stored once saveTechTime holds its lock. An unknown location name is a 422 on `location`.
 */
export const POST = withApi({}, { body: techTimeApiBody }, async ({ user, body }) => {
  const input: SubmissionInput<TechTimeValues> =
    body.id === null
      ? await atLocation(await getDb(), body.values)
      : {
          id: body.id,
          overStored: async (stored, tx) => atLocation(tx, await techTimeApiBody.resolve(body, async () => stored)),
        };
  const saved = await saveTechTime(input, user, publicBaseUrl());
  return ok(saved, TECH_SAVED);
});
