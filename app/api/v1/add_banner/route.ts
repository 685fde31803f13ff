import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { addBanner } from "@/lib/files/banners/mutations";
import { BANNER_MESSAGES } from "@/lib/files/banners/constants";
import { bannerToApi } from "@/lib/files/banners/api";
import { addBannerSchema } from "@/lib/files/banners/schemas";
import { publicBaseUrl } from "@/lib/files/links";

/** POST /api/v1/add_banner: the uploaded image (tempPath) becomes the menu page's banner, active. */
export const POST = withApi(
  { capability: "manageContent" },
  { body: addBannerSchema },
  async ({ user, body, requestId }) => {
    const banner = await addBanner({
      menuSlug: body.slugType,
      tempPath: body.tempPath,
      width: body.width,
      height: body.height,
      user,
      requestId,
      baseUrl: publicBaseUrl(),
    });
    return ok(bannerToApi(banner), BANNER_MESSAGES.added);
  },
);
