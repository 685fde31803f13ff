import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { addBanner, BANNER_MESSAGES, bannerToApi } from "@/lib/files/banners";
import { addBannerSchema } from "@/lib/files/banner-schemas";
import { publicBaseUrl } from "@/lib/files/service";

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
