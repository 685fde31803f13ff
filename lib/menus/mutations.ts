import "server-only";
import { asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { deleteFilesById, withFileTransaction } from "@/lib/files/mutations";
import { MENU_TEXTS, type MenuInput } from "./schemas";
import { uniqueSlug } from "./slug";

const { menus, menuSlugHistory, icons, posts, attachments, saveTheDates, contentDocuments, banners } = schema;

type Actor = { id: number; requestId?: string | null };

/** Slugs in use: by a menu, or kept for an old slug's redirect (except the menu's own, current and old). */
function takenSlugs(tx: Tx, exceptMenuId?: number) {
  return async (candidates: string[]) => {
    const inMenus = await tx
      .select({ slug: menus.slug, id: menus.id })
      .from(menus)
      .where(inArray(menus.slug, candidates));
    const inHistory = await tx
      .select({ slug: menuSlugHistory.slug, menuId: menuSlugHistory.menuId })
      .from(menuSlugHistory)
      .where(inArray(menuSlugHistory.slug, candidates));
    return new Set([
      ...inMenus.filter((r) => r.id !== exceptMenuId).map((r) => r.slug),
      ...inHistory.filter((r) => r.menuId !== exceptMenuId).map((r) => r.slug),
    ]);
  };
}

async function lockedMenu(tx: Tx, id: number) {
  const [row] = await tx.select().from(menus).where(eq(menus.id, id)).for("update");
  if (!row) throw new AppError(404, MENU_TEXTS.notFound);
  return row;
}

const refuse = (field: string, message: string): never => {
  throw new AppError(422, message, { [field]: [message] });
};

/** The columns a save sets on a menu (an attachment group only with the Attachments page type, 2). */
function menuColumns(input: MenuInput, slug: string, pageTypes: number[]) {
  return {
    title: input.title,
    slug,
    iconId: input.iconId,
    url: input.url,
    pageTypes,
    allowInAttachment: pageTypes.includes(2) ? input.allowInAttachment : null,
  };
}

/**
 * add_edit_menu: adds a main or sub-menu at the end of its level, or updates one. The slug comes from
 * the title (unique, never a portal path); a renamed menu keeps its old slug as a redirect. Built-in
 * menus keep their slug and page types. Audited, in one transaction; the shell's config version moves
 * on by trigger, so every sidebar shows the change on the next navigation.
 */
export async function saveMenu(
  input: MenuInput,
  actor: Actor,
): Promise<{ id: number; slug: string; created: boolean; message: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (input.iconId != null) {
      const [icon] = await tx.select({ id: icons.id }).from(icons).where(eq(icons.id, input.iconId));
      if (!icon) refuse("icon_id", "The icon does not exist.");
    }
    if (input.id) {
      const before = await lockedMenu(tx, input.id);
      if (input.parentId !== undefined && input.parentId !== before.parentId)
        refuse("parent_id", "A menu cannot be moved to another parent here.");
      const pageTypes = input.url ? [] : (input.pageTypes ?? before.pageTypes);
      if (before.isBuiltin && (input.url || pageTypes.join(",") !== before.pageTypes.join(",")))
        refuse("features", MENU_TEXTS.builtinTypes);
      let slug = before.slug;
      if (!before.isBuiltin && input.title !== before.title) {
        slug = await uniqueSlug(input.title, takenSlugs(tx, before.id));
        if (slug !== before.slug) {
          await tx.delete(menuSlugHistory).where(eq(menuSlugHistory.slug, slug));
          await tx.insert(menuSlugHistory).values({ slug: before.slug, menuId: before.id }).onConflictDoNothing();
        }
      }
      const after = menuColumns(input, slug, pageTypes);
      await tx.update(menus).set(after).where(eq(menus.id, before.id));
      await writeAudit(
        {
          actorId: actor.id,
          action: "update",
          entity: "menu",
          entityId: before.id,
          before,
          after,
          requestId: actor.requestId,
        },
        tx,
      );
      return { id: before.id, slug, created: false, message: MENU_TEXTS.updated };
    }
    if (input.parentId) {
      const parent = await lockedMenu(tx, input.parentId);
      if (parent.parentId != null) refuse("parent_id", "A sub-menu cannot have sub-menus.");
    }
    const level = input.parentId ? eq(menus.parentId, input.parentId) : isNull(menus.parentId);
    const [{ last }] = await tx
      .select({ last: max(menus.position) })
      .from(menus)
      .where(level);
    const slug = await uniqueSlug(input.title, takenSlugs(tx));
    const pageTypes = input.pageTypes ?? [];
    const values = {
      parentId: input.parentId ?? null,
      ...menuColumns(input, slug, pageTypes),
      position: (last ?? -1) + 1,
    };
    const [row] = await tx.insert(menus).values(values).returning({ id: menus.id });
    await writeAudit(
      {
        actorId: actor.id,
        action: "create",
        entity: "menu",
        entityId: row.id,
        after: values,
        requestId: actor.requestId,
      },
      tx,
    );
    return { id: row.id, slug, created: true, message: MENU_TEXTS.saved };
  });
}

/**
 * change_menu_position: the menus of one level (main menus, or one menu's sub-menus) in their new
 * order. The list must name each of them exactly once and nothing else. One transaction, audited.
 */
export async function reorderMenus(input: { parentId?: number; ids: number[] }, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (new Set(input.ids).size !== input.ids.length) refuse("menu_data", "The menu list names a menu more than once.");
    if (input.parentId) await lockedMenu(tx, input.parentId);
    const level = input.parentId ? eq(menus.parentId, input.parentId) : isNull(menus.parentId);
    // Locks the level's rows: two editors reordering at once are applied one after the other.
    const siblings = await tx
      .select({ id: menus.id, position: menus.position })
      .from(menus)
      .where(level)
      .orderBy(asc(menus.position), asc(menus.id))
      .for("update");
    const own = new Set(siblings.map((s) => s.id));
    if (input.ids.some((id) => !own.has(id)))
      refuse("menu_data", "The menu list names a menu of another level or one that does not exist.");
    if (input.ids.length !== siblings.length) refuse("menu_data", "The menu list must name every menu of its level.");
    const order = input.ids.map((id, position) => sql`(${id}::integer, ${position}::integer)`);
    await tx.execute(
      sql`update menus set position = v.position, updated_at = now() from (values ${sql.join(order, sql`, `)}) as v(id, position) where menus.id = v.id`,
    );
    await writeAudit(
      {
        actorId: actor.id,
        action: "reorder",
        entity: "menu",
        entityId: input.parentId ?? null,
        before: siblings.map((s) => s.id),
        after: input.ids,
        requestId: actor.requestId,
      },
      tx,
    );
  });
}

export type MenuContentCounts = { posts: number; attachments: number; events: number; subMenus: number };

async function contentOf(tx: Tx, ids: number[]): Promise<MenuContentCounts> {
  const count = async (table: typeof posts | typeof attachments | typeof saveTheDates) =>
    Number(
      (
        await tx
          .select({ n: sql<number>`count(*)` })
          .from(table)
          .where(inArray(table.menuId, ids))
      )[0].n,
    );
  return {
    posts: await count(posts),
    attachments: await count(attachments),
    events: await count(saveTheDates),
    subMenus: ids.length - 1,
  };
}

/** The dialog's sentence: 'This menu still holds 2 posts, 1 attachment and 3 events.' */
export function describeContent(c: MenuContentCounts): string {
  const parts = [
    [c.posts, "post"],
    [c.attachments, "attachment"],
    [c.events, "event"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, word]) => `${n} ${word}${n === 1 ? "" : "s"}`);
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `This menu still holds ${list}.`;
}

/**
 * delete_menu: deletes a menu and its sub-menus. Built-in menus cannot be deleted. When they still hold
 * posts, attachments or save-the-date entries, the call is refused with the counts (409) unless
 * `contentAction` says what to do: `move` them to another menu, or `delete` them with their stored
 * files (rows in the transaction, bytes once it commits: no orphans either way). Banners go with the
 * menu, their files too. Audited.
 */
export async function deleteMenu(
  input: { id: number; contentAction?: "move" | "delete"; moveTo?: number },
  actor: Actor,
): Promise<{ message: string; moved?: number; deleted?: number }> {
  return withFileTransaction(async (tx) => {
    const menu = await lockedMenu(tx, input.id);
    const children = await tx
      .select({ id: menus.id, isBuiltin: menus.isBuiltin })
      .from(menus)
      .where(eq(menus.parentId, menu.id))
      .for("update");
    if (menu.isBuiltin || children.some((c) => c.isBuiltin)) refuse("id", MENU_TEXTS.builtinDelete);
    const ids = [menu.id, ...children.map((c) => c.id)];
    const counts = await contentOf(tx, ids);
    const total = counts.posts + counts.attachments + counts.events;
    let moved: number | undefined;
    let deleted: number | undefined;
    if (total > 0) {
      if (!input.contentAction)
        throw new AppError(409, describeContent(counts), { content_action: [describeContent(counts)] });
      if (input.contentAction === "move") {
        if (input.moveTo === undefined || ids.includes(input.moveTo))
          refuse("move_to", "Choose another menu to move the content to.");
        const target = await lockedMenu(tx, input.moveTo!);
        if (target.url) refuse("move_to", "The content cannot be moved to a link.");
        for (const table of [posts, attachments, saveTheDates] as const)
          await tx.update(table).set({ menuId: target.id }).where(inArray(table.menuId, ids));
        moved = total;
      } else {
        const owned = await tx
          .select({ fileId: contentDocuments.fileId })
          .from(contentDocuments)
          .where(
            sql`${contentDocuments.postId} in (select id from ${posts} where ${inArray(posts.menuId, ids)})
              or ${contentDocuments.attachmentId} in (select id from ${attachments} where ${inArray(attachments.menuId, ids)})
              or ${contentDocuments.saveTheDateId} in (select id from ${saveTheDates} where ${inArray(saveTheDates.menuId, ids)})`,
          );
        await deleteFilesById(
          tx,
          owned.flatMap((d) => (d.fileId != null ? [d.fileId] : [])),
        );
        deleted = total;
      }
    }
    const bannerFiles = await tx.select({ fileId: banners.fileId }).from(banners).where(inArray(banners.menuId, ids));
    await tx.delete(menus).where(inArray(menus.id, ids)); // sub-menus, their content (if any left), banners, old slugs cascade
    await deleteFilesById(
      tx,
      bannerFiles.map((b) => b.fileId),
    );
    await writeAudit(
      {
        actorId: actor.id,
        action: "delete",
        entity: "menu",
        entityId: menu.id,
        before: { ...menu, subMenus: children.map((c) => c.id), content: counts },
        after: { contentAction: input.contentAction ?? null, moveTo: input.moveTo ?? null },
        requestId: actor.requestId,
      },
      tx,
    );
    return { message: MENU_TEXTS.deleted, moved, deleted };
  });
}
