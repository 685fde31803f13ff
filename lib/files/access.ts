import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { canRoleSeeMenu } from "@/lib/menus/queries";
import { audienceColumnsOf, visibleTo } from "@/lib/content/visibility";
import { requestFileAccess } from "@/lib/requests/files";
import { isStored, type FileRow } from "./queries";

/**
 * Whether the user may see the record that owns the file, and so get a link to it. A temporary upload
 * belongs to its uploader (and role 1), once its bytes are stored (before, there is nothing to link to).
 * An attached file belongs to the event, post, attachment, save-the-date entry or banner it is attached
 * to: it is visible when one of them is to this user
 * (an inactive event only to roles 1 and 2, a content entry or banner on a menu page the role may
 * open, an inactive banner only to role 1). An attached file with no owning record at all (a profile
 * photo) stays visible to every signed-in user. A photo or document of a staff request is visible to whoever
 * may open the request (its requester, whoever manages the staff forms: lib/requests/files.ts).
 */
export async function canSeeFileRecord(file: FileRow, user: SessionUser): Promise<boolean> {
  return (await fileAccess(file, user)) === "ok";
}

/**
 * canSeeFileRecord with the reason of a refusal: "forbidden" when the file belongs to a post or
 * attachment on a page the user may open but the item is not for them (another audience, not yet
 * published, expired: lib/content/visibility.ts), "not_found" when the user may not see its record at all.
 */
export async function fileAccess(file: FileRow, user: SessionUser): Promise<"ok" | "forbidden" | "not_found"> {
  if (file.status !== "attached")
    return isStored(file) && (file.ownerId === user.id || roleCan(user.roleId, "manageEveryFile")) ? "ok" : "not_found";
  if (roleCan(user.roleId, "manageEveryFile")) return "ok";
  const ofRequest = await requestFileAccess(file.id, user);
  if (ofRequest !== "none") return ofRequest;
  const db = await getDb();
  const ev = schema.calendarEventAttachments;
  const doc = schema.contentDocuments;
  const [events, documents, banners] = await Promise.all([
    db
      .select({ status: schema.calendarEvents.status })
      .from(ev)
      .innerJoin(schema.calendarEvents, eq(schema.calendarEvents.id, ev.eventId))
      .where(eq(ev.fileId, file.id)),
    db
      .select({
        menuId: sql<
          number | null
        >`coalesce(${schema.posts.menuId}, ${schema.attachments.menuId}, ${schema.saveTheDates.menuId})`,
        visible: sql<boolean>`case when ${doc.postId} is not null then ${visibleTo(user, audienceColumnsOf(schema.posts))}
          when ${doc.attachmentId} is not null then ${visibleTo(user, audienceColumnsOf(schema.attachments))} else true end`,
      })
      .from(doc)
      .leftJoin(schema.posts, eq(schema.posts.id, doc.postId))
      .leftJoin(schema.attachments, eq(schema.attachments.id, doc.attachmentId))
      .leftJoin(schema.saveTheDates, eq(schema.saveTheDates.id, doc.saveTheDateId))
      .where(eq(doc.fileId, file.id)),
    db
      .select({ status: schema.banners.status, menuId: schema.banners.menuId })
      .from(schema.banners)
      .where(eq(schema.banners.fileId, file.id)),
  ]);
  if (events.length + documents.length + banners.length === 0) return "ok";
  if (events.some((e) => e.status === "active" || roleCan(user.roleId, "seeEventStatus"))) return "ok";
  let hidden = false;
  for (const d of documents) {
    if (
      d.menuId != null &&
      (await canRoleSeeMenu({ menuId: d.menuId, roleId: user.roleId, stamp: user.configStamp }))
    ) {
      if (d.visible) return "ok";
      hidden = true;
    }
  }
  for (const b of banners) {
    if (
      b.status === "active" &&
      (await canRoleSeeMenu({ menuId: b.menuId, roleId: user.roleId, stamp: user.configStamp }))
    )
      return "ok";
  }
  return hidden ? "forbidden" : "not_found";
}
