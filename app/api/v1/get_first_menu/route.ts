import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getFirstMenuSlug } from "@/lib/menus/queries";

/** GET /api/v1/get_first_menu: the slug of the first page the caller may open. */
export const GET = withApi({}, {}, async ({ user }) => {
  const slug = await getFirstMenuSlug({ roleId: user.roleId, stamp: user.configStamp });
  if (!slug) throw new AppError(404, "There are no pages in the menu yet.");
  return ok({ slug });
});
