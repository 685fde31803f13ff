import { eq } from "drizzle-orm";
import { schema } from "@/lib/db";
import { cachedForStamp, deepFreeze } from "@/lib/db/config-cache";
import { roleCan } from "@/lib/auth/roles";
import { inlineFileUrl } from "../links";

export type BannerStatus = "active" | "inactive";

export type BannerView = {
  id: number;
  menuId: number;
  status: BannerStatus;
  url: string;
  width: number | null;
  height: number | null;
  size: number;
  name: string;
};

const bannerColumns = {
  id: schema.banners.id,
  menuId: schema.banners.menuId,
  status: schema.banners.status,
  width: schema.banners.width,
  height: schema.banners.height,
  size: schema.banners.size,
  storageKey: schema.files.storageKey,
  name: schema.files.originalName,
};

function toView(
  row: {
    id: number;
    menuId: number;
    status: BannerStatus;
    width: number | null;
    height: number | null;
    size: number;
    storageKey: string;
    name: string;
  },
  baseUrl: string,
): BannerView {
  return {
    id: row.id,
    menuId: row.menuId,
    status: row.status,
    width: row.width,
    height: row.height,
    size: row.size,
    name: row.name,
    url: `${baseUrl}${inlineFileUrl({ storageKey: row.storageKey })}`,
  };
}

type BannerRow = Parameters<typeof toView>[0];

/**
 * Every banner with its file, kept in memory while the banners are unchanged (lib/db/config-cache.ts):
 * get_menu_details and every content page show one. At most one banner per menu, so this stays small.
 */
function bannersByMenu(stamp: string | undefined): Promise<ReadonlyMap<number, BannerRow>> {
  return cachedForStamp("banners", stamp, async (db) => {
    const rows = await db
      .select(bannerColumns)
      .from(schema.banners)
      .innerJoin(schema.files, eq(schema.files.id, schema.banners.fileId));
    return new Map(rows.map((r) => [r.menuId, deepFreeze(r)]));
  });
}

/**
 * The banner of a menu page as the role may see it: an inactive banner is shown only to role 1. Pass
 * the session's `configStamp` as `stamp` (as for the menus) to skip the change check on PostgreSQL.
 */
export async function getBannerForMenu({
  menuId,
  roleId,
  baseUrl = "",
  stamp,
}: {
  menuId: number;
  roleId: number;
  baseUrl?: string;
  stamp?: string;
}): Promise<BannerView | null> {
  const row = (await bannersByMenu(stamp)).get(menuId);
  if (!row) return null;
  if (row.status !== "active" && !roleCan(roleId, "manageContent")) return null;
  return toView(row, baseUrl);
}
