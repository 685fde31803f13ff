import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listHrCards } from "@/lib/users/queries";

/** GET /api/v1/gethrimages (administrators): the HR list's cards in order (id, name, post, position, image URL). */
export const GET = withApi({ capability: "manageBackOffice" }, {}, async () => {
  const cards = await listHrCards();
  return ok(
    cards.map((c) => ({ id: c.id, name: c.name, post: c.post, position: c.position, profile_image: c.imageUrl })),
  );
});
