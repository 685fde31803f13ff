import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { roleCan } from "@/lib/auth/roles";
import { publicBaseUrl } from "@/lib/files/links";
import { getEventQuery, toApiEventDetail } from "@/lib/calendar/api";
import { toApiAttachments } from "@/lib/calendar/attachments/api";
import { getEventById } from "@/lib/calendar/queries";

/** GET /api/v1/getevent?id=&offset_minutes= : one event with its attachments in content.events[0]. */
export const GET = withApi({}, { query: getEventQuery }, async ({ user, query }) => {
  const detail = await getEventById({ id: query.id, includeInactive: roleCan(user.roleId, "seeEventStatus") });
  if (!detail) throw new AppError(404, "Event not found.");
  const attachments = await toApiAttachments(detail.attachments, publicBaseUrl());
  return ok({ events: [toApiEventDetail(detail, query.offset_minutes ?? null, attachments)] });
});
