import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { zipDownloadUrl } from "@/lib/files/archive";
import { publicBaseUrl } from "@/lib/files/links";
import { getEventById } from "@/lib/calendar/queries";

const query = z.object({
  id: z.coerce.number({ error: "The event id is required." }).int().positive("The event id is required."),
});

/**
 * GET /api/v1/downloadattachment?id= : `content.zip_file`, a short-lived signed link to a zip of the
 * event's attachments (streamed by /api/zip while it is built). The event must be one the caller may
 * see (inactive events only for roles 1 and 2).
 */
export const GET = withApi({}, { query }, async ({ user, query }) => {
  const event = await getEventById({ id: query.id, includeInactive: roleCan(user.roleId, "seeEventStatus") });
  if (!event) throw new AppError(404, "Event not found.");
  if (event.attachments.length === 0) throw new AppError(404, "This event has no attachments.");
  const zip_file = zipDownloadUrl({
    fileIds: event.attachments.map((f) => f.id),
    title: event.title,
    baseUrl: publicBaseUrl(),
  });
  return ok({ zip_file });
});
