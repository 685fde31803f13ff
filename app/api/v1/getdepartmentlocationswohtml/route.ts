import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { text } from "@/lib/validation/text";
import { FORM_DEPARTMENT_ID, listFormLocations } from "@/lib/forms/locations";

const query = z.object({
  slug: text().max(190).optional(),
  department_id: z
    .union([z.literal(String(FORM_DEPARTMENT_ID)), z.literal("")], {
      error: `The department_id must be ${FORM_DEPARTMENT_ID}.`,
    })
    .optional(),
});

/**
 * GET /api/v1/getdepartmentlocationswohtml?slug=&department_id=5: department 5's locations, the lookup
 * every staff form uses. Public, as in the old portal (its clients call it without a token), so the
 * managers' e-mail addresses and names are only given to a signed-in caller.
 */
export const GET = withApi({ public: true }, { query }, async ({ user }) => {
  const rows = await listFormLocations();
  return ok({
    locations: rows.map((l) => ({
      id: l.id,
      name: l.name,
      manager_email: user ? l.managerEmail : null,
      manager_name: user ? l.managerName : null,
      position: {
        lat: l.latitude == null ? null : Number(l.latitude),
        lng: l.longitude == null ? null : Number(l.longitude),
      },
      is_buswest: l.isBuswest,
    })),
  });
});
