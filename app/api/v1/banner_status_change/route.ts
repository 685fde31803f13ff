import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { BANNER_MESSAGES } from "@/lib/files/banners/constants";
import { toggleBannerStatus } from "@/lib/files/banners/mutations";
import { bannerMenuSchema } from "@/lib/files/banners/schemas";

/** POST /api/v1/banner_status_change: active <-> inactive; `content.status` is the new status. */
export const POST = withApi(
  { capability: "manageContent" },
  { body: bannerMenuSchema },
  async ({ user, body, requestId }) => {
    const status = await toggleBannerStatus({ menuId: body.menu_id, user, requestId });
    return ok({ status }, BANNER_MESSAGES.statusChanged);
  },
);
