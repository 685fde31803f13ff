import { eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { ROLE } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { getStorage } from "@/lib/storage";
import { claimUploads, deleteFiles, withFileTransaction } from "../mutations";
import { keyFromClientPath } from "../links";
import { imageSize } from "../image-size";
import { BANNER_MESSAGES } from "./constants";
import { getBannerForMenu, type BannerStatus, type BannerView } from "./queries";

async function readDimensions(key: string, size: number): Promise<{ width: number; height: number } | null> {
  const end = Math.min(size, 256 * 1024) - 1;
  if (end < 0) return null;
  const stream = await getStorage().get(key, { start: 0, end });
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return imageSize(Buffer.concat(chunks));
}

async function findMenu(input: { menuSlug?: string; menuId?: number }) {
  const db = await getDb();
  const where = input.menuId != null ? eq(schema.menus.id, input.menuId) : eq(schema.menus.slug, input.menuSlug ?? "");
  const [menu] = await db
    .select({ id: schema.menus.id, slug: schema.menus.slug })
    .from(schema.menus)
    .where(where)
    .limit(1);
  if (!menu) throw new AppError(404, BANNER_MESSAGES.menuNotFound);
  return menu;
}

/**
 * add_banner: attaches the caller's uploaded banner image to a menu page, active at once. Width and
 * height are read from the image itself; the client's values are used only if the header is unusual.
 */
export async function addBanner(input: {
  menuSlug?: string;
  menuId?: number;
  tempPath: string;
  width?: number | null;
  height?: number | null;
  user: SessionUser;
  requestId?: string;
  baseUrl?: string;
}): Promise<BannerView> {
  const key = keyFromClientPath(input.tempPath);
  const menu = await findMenu(input);
  const db = await getDb();
  const [existing] = await db
    .select({ id: schema.banners.id })
    .from(schema.banners)
    .where(eq(schema.banners.menuId, menu.id))
    .limit(1);
  if (existing) throw new AppError(409, BANNER_MESSAGES.exists);

  const [pending] = await db.select().from(schema.files).where(eq(schema.files.storageKey, key)).limit(1);
  const dims = pending ? await readDimensions(key, pending.size).catch(() => null) : null;

  await withFileTransaction(async (tx) => {
    const [file] = await claimUploads({ keys: [key], user: input.user, kinds: ["banner"], field: "tempPath" }, tx);
    const [row] = await tx
      .insert(schema.banners)
      .values({
        menuId: menu.id,
        fileId: file.id,
        status: "active",
        width: dims?.width ?? input.width ?? null,
        height: dims?.height ?? input.height ?? null,
        size: file.size,
      })
      .onConflictDoNothing({ target: schema.banners.menuId })
      .returning();
    if (!row) throw new AppError(409, BANNER_MESSAGES.exists);
    await writeAudit(
      {
        actorId: input.user.id,
        action: "banner.add",
        entity: "banner",
        entityId: menu.id,
        after: { menu: menu.slug, file: key },
        requestId: input.requestId,
      },
      tx,
    );
  });
  const view = await getBannerForMenu({ menuId: menu.id, roleId: ROLE.admin, baseUrl: input.baseUrl });
  return view!;
}

/** banner_status_change: active <-> inactive. Returns the new status. */
export async function toggleBannerStatus(input: {
  menuId: number;
  user: SessionUser;
  requestId?: string;
}): Promise<BannerStatus> {
  return withFileTransaction(async (tx) => {
    const [banner] = await tx
      .select()
      .from(schema.banners)
      .where(eq(schema.banners.menuId, input.menuId))
      .for("update");
    if (!banner) throw new AppError(404, BANNER_MESSAGES.notFound);
    const status: BannerStatus = banner.status === "active" ? "inactive" : "active";
    await tx.update(schema.banners).set({ status }).where(eq(schema.banners.id, banner.id));
    await writeAudit(
      {
        actorId: input.user.id,
        action: "banner.status",
        entity: "banner",
        entityId: input.menuId,
        before: { status: banner.status },
        after: { status },
        requestId: input.requestId,
      },
      tx,
    );
    return status;
  });
}

/** delete_banner: removes the banner and its image (row and bytes); the page returns to the upload state. */
export async function deleteBanner(input: { menuId: number; user: SessionUser; requestId?: string }): Promise<void> {
  await withFileTransaction(async (tx) => {
    const [banner] = await tx
      .select({
        id: schema.banners.id,
        fileId: schema.files.id,
        storageKey: schema.files.storageKey,
        status: schema.banners.status,
      })
      .from(schema.banners)
      .innerJoin(schema.files, eq(schema.files.id, schema.banners.fileId))
      .where(eq(schema.banners.menuId, input.menuId))
      .for("update");
    if (!banner) throw new AppError(404, BANNER_MESSAGES.notFound);
    // The banner row goes with its file (on delete cascade).
    await deleteFiles([{ id: banner.fileId, storageKey: banner.storageKey }], tx);
    await writeAudit(
      {
        actorId: input.user.id,
        action: "banner.delete",
        entity: "banner",
        entityId: input.menuId,
        before: { file: banner.storageKey, status: banner.status },
        requestId: input.requestId,
      },
      tx,
    );
  });
}
