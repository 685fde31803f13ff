import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { BANNER_MESSAGES } from "@/lib/files/banners/constants";
import { deleteBanner } from "@/lib/files/banners/mutations";
import { bannerMenuSchema } from "@/lib/files/banners/schemas";

/** DELETE /api/v1/delete_banner: removes the banner and its image; the page shows the upload area again. */
export const DELETE = withApi(
  { capability: "manageContent" },
  { body: bannerMenuSchema },
  async ({ user, body, requestId }) => {
    await deleteBanner({ menuId: body.menu_id, user, requestId });
    return ok(null, BANNER_MESSAGES.deleted);
  },
);
