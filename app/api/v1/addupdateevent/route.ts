import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { legacyFieldErrors, parseLegacyEventBody } from "@/lib/calendar/api";
import { saveEvent } from "@/lib/calendar/mutations";
import { getStoredEvent } from "@/lib/calendar/queries";

/**
 * POST /api/v1/addupdateevent (roles 1 and 2): creates an event, or updates it when `id` is sent.
 * Body names as the old portal sent them: colorcode (the calendar key id), title, imagePath[] (the
 * storage paths store_document answered; imageSize[] and imageType[] are taken from the stored files),
 * description, keydescription, startDate, endDate, status, type, recursiveType, weekDay,
 * contactPerson, contactEmail, contactNumber, id; optional offset_minutes (naive dates are the
 * client's local time) and timeZone (IANA zone of the series). Series may also send weekDays (a list),
 * repeatInterval (weeks), endTime (HH:mm) and repeatUntil (YYYY-MM-DD); see parseLegacyEventBody. An
 * update keeps every field its body leaves out (docs/decisions.md).
 */
export const POST = withApi(
  { capability: "manageEvents" },
  { body: z.unknown() },
  async ({ user, body, requestId }) => {
    const id = body && typeof body === "object" && "id" in body ? Number((body as { id: unknown }).id) : 0;
    const stored = Number.isSafeInteger(id) && id > 0 ? await getStoredEvent({ id }) : null;
    const values = parseLegacyEventBody(body, stored);
    try {
      const { created } = await saveEvent(values, user, { requestId, attachmentsField: "imagePath" });
      return ok(created ? "Event Added Successfully" : "Event Updated Successfully", "success");
    } catch (err) {
      throw err instanceof AppError ? legacyFieldErrors(err) : err;
    }
  },
);
