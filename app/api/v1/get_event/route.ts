import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { toApiImageUrls } from "@/lib/content/api";
import { getSaveTheDate } from "@/lib/content/save-the-date/queries";
import { requireContentMenu } from "@/lib/auth/guards";
import { idSchema, slugSchema } from "@/lib/content/schemas";
import { isoDateToUs } from "@/lib/content/constants";

const query = z.object({ slug: slugSchema, id: z.coerce.number().pipe(idSchema) });

/** GET /api/v1/get_event?slug=&id=: a save-the-date entry for its edit form. Role 1. */
export const GET = withApi({ capability: "manageContent" }, { query }, async ({ user, query }) => {
  const menu = await requireContentMenu(query.slug, user, "save-the-date");
  const entry = await getSaveTheDate({ menuId: menu.id, id: query.id });
  if (!entry) throw new AppError(404, "Date not found.");
  return ok({
    id: entry.id,
    title: entry.title,
    description: entry.description,
    eventDate: isoDateToUs(entry.eventDate),
    imageURL: toApiImageUrls(entry.documents),
  });
});
