import "server-only";
import { eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { toId } from "@/lib/validation/id";
import { listLocations, listRoles } from "@/lib/users/queries";
import type { ContentKind } from "./constants";
import { discussionValuesOf, getDiscussion } from "./discussion/queries";
import { attachmentValuesOf, getAttachment } from "./attachment/queries";
import { getSaveTheDate, saveTheDateValuesOf } from "./save-the-date/queries";

/**
 * The content reads across kinds: which menu an item belongs to, the audience choices, an item's stored
 * form values. Each kind's own reads are in its folder (discussion/, attachment/, save-the-date/,
 * must-read/).
 */

const { posts, attachments, saveTheDates } = schema;

/** Which menu a discussion or attachment belongs to (for calls that name a row by id alone). */
export async function findContentItem(
  id: number,
): Promise<{ kind: "discussion" | "attachment"; menuId: number } | null> {
  const db = await getDb();
  const [p] = await db.select({ menuId: posts.menuId }).from(posts).where(eq(posts.id, id)).limit(1);
  if (p) return { kind: "discussion", menuId: p.menuId };
  const [a] = await db.select({ menuId: attachments.menuId }).from(attachments).where(eq(attachments.id, id)).limit(1);
  if (a) return { kind: "attachment", menuId: a.menuId };
  return null;
}

/** The slug of a menu by id (calls that name content by id need the menu for the access check). */
export async function menuSlugById(menuId: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ slug: schema.menus.slug })
    .from(schema.menus)
    .where(eq(schema.menus.id, menuId))
    .limit(1);
  return row?.slug ?? null;
}

export type AudienceOptions = {
  locations: { value: number; text: string }[];
  roles: { value: number; text: string }[];
};

/** The locations and roles an audience is chosen from (the post and attachment forms, the marks administrators see). */
export async function listAudienceOptions(): Promise<AudienceOptions> {
  const [locations, roles] = await Promise.all([listLocations(), listRoles()]);
  return { locations: locations.map(({ value, text }) => ({ value, text })), roles };
}

/**
 * The stored form values of the post, attachment or save-the-date entry an update's raw input names by
 * `id` (null for a new one, or one that does not exist: the save answers that), for
 * lib/validation/partial.ts: a field the update leaves out keeps these.
 */
export async function storedContentValues(
  kind: ContentKind | "save-the-date",
  input: Record<string, unknown>,
  user: SessionUser,
): Promise<Record<string, unknown> | null> {
  const id = toId(input.id);
  if (id == null) return null;
  const db = await getDb();
  const table = kind === "discussion" ? posts : kind === "attachment" ? attachments : saveTheDates;
  const [row] = await db.select({ menuId: table.menuId }).from(table).where(eq(table.id, id)).limit(1);
  const slug = row && (await menuSlugById(row.menuId));
  if (!row || !slug) return null;
  const viewer = { roleId: user.roleId, locationId: user.locationId };
  if (kind === "discussion") {
    const p = await getDiscussion({ menuId: row.menuId, id, viewer });
    return p && discussionValuesOf(slug, p);
  }
  if (kind === "attachment") {
    const a = await getAttachment({ menuId: row.menuId, id, viewer });
    return a && attachmentValuesOf(slug, a);
  }
  const s = await getSaveTheDate({ menuId: row.menuId, id });
  return s && saveTheDateValuesOf(slug, s);
}
