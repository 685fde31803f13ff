import { z } from "zod";
import { text } from "@/lib/validation/text";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { getMenuBySlug } from "@/lib/menus/queries";
import { toApiMenu } from "@/lib/menus/serialize";
import { getBuildVersion, getSystemYear } from "@/lib/system/settings";
import { bannerToApi } from "@/lib/files/banners/api";
import { getBannerForMenu } from "@/lib/files/banners/queries";
import { publicBaseUrl } from "@/lib/files/links";

const query = z.object({
  slug: text({ error: "The slug is required." })
    .trim()
    .min(1, "The slug is required.")
    .max(190, "The slug is too long.")
    .regex(/^[A-Za-z0-9_-]+$/, "The slug is not valid."),
});

/** GET /api/v1/get_menu_details?slug=: the menu page, the caller's role, system year and build. */
export const GET = withApi({}, { query }, async ({ user, query }) => {
  const found = await getMenuBySlug({ slug: query.slug, roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") throw new AppError(404, "Menu not found.");
  if (found.status === "forbidden") throw new AppError(403, "You don't have permission to access this page.");
  return ok({
    menu_details: toApiMenu(found.menu, found.menu.parent),
    roles: { id: user.roleId },
    system_year: await getSystemYear({ stamp: user.configStamp }),
    build: getBuildVersion(),
    banner: bannerToApi(
      await getBannerForMenu({
        menuId: found.menu.id,
        roleId: user.roleId,
        baseUrl: publicBaseUrl(),
        stamp: user.configStamp,
      }),
    ),
  });
});
