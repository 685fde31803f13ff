import "server-only";
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema, type Db } from "@/lib/db";
import { likePattern } from "@/lib/data-table/query";
import type { UploadType } from "../constants";
import type { Sort } from "../basics";
import type { AttachmentFormValues } from "../schemas";
import { countVisible, editorName, orderFor, type ListParams } from "../sql";
import { audienceColumnsOf, visibleTo, type AudienceFields, type MenuItemQuery, type Viewer } from "../visibility";
import { documentRefsOf, withDocuments, type DocumentRow } from "../documents";
import { cachedListUntil, paged, type Paged } from "../lists";

/** The reads of attachments: the Attachment tab (groups and entries), one attachment, the groups, its edit form's values. */

const { attachments, attachmentGroups, users } = schema;

export type AttachmentRow = {
  kind: "attachment";
  id: number;
  menuId: number;
  title: string;
  uploadType: UploadType;
  url: string | null;
  groupId: number | null;
  pin: boolean;
  createdAt: Date;
  updatedAt: Date;
  updatedName: string;
  documents: DocumentRow[];
} & AudienceFields;

export type AttachmentGroupItem = {
  kind: "group";
  id: number;
  name: string;
  colorCode: string;
  count: number;
  updatedAt: Date;
};

/** The visibility predicate on attachments. */
export const attachmentVisibleTo = (viewer: Viewer) => visibleTo(viewer, audienceColumnsOf(attachments));

const attachmentColumns = {
  id: attachments.id,
  menuId: attachments.menuId,
  title: attachments.title,
  uploadType: attachments.uploadType,
  url: attachments.url,
  groupId: attachments.groupId,
  pin: attachments.pin,
  audienceLocationIds: attachments.audienceLocationIds,
  audienceRoleIds: attachments.audienceRoleIds,
  publishAt: attachments.publishAt,
  expiresAt: attachments.expiresAt,
  createdAt: attachments.createdAt,
  updatedAt: attachments.updatedAt,
  updatedName: editorName,
};

/** Attachments with their columns and the last editor's name. */
const attachmentRows = (db: Db) =>
  db
    .select(attachmentColumns)
    .from(attachments)
    .leftJoin(users, eq(users.id, sql`coalesce(${attachments.updatedBy}, ${attachments.createdBy})`));

/**
 * A page of the attachments `where` selects, pinned first, then the sort. Entries in a group are never
 * pinned; ordering by pin there as well lets the sort index serve the page.
 */
const attachmentPage = (db: Db, where: SQL | undefined, sort: Sort, limit: number, offset: number) =>
  attachmentRows(db)
    .where(where)
    .orderBy(desc(attachments.pin), ...orderFor(sort, attachments, attachments.updatedAt))
    .limit(limit)
    .offset(offset);

async function withAttachmentDocs(rows: Omit<AttachmentRow, "kind" | "documents">[]): Promise<AttachmentRow[]> {
  return (await withDocuments("attachmentId", rows)).map((r) => ({ kind: "attachment" as const, ...r }));
}

export type AttachmentList = Paged<AttachmentRow | AttachmentGroupItem> & {
  group: { id: number; name: string; colorCode: string } | null;
};

/**
 * The Attachment tab. At the top level (groupId null) the items are the groups that hold attachments
 * of this menu (folders first) followed by the ungrouped attachments (pinned first); inside a group,
 * that group's attachments of this menu. Search matches titles (and group names at the top level).
 */
async function readAttachmentItems(params: ListParams & { groupId: number | null }): Promise<AttachmentList | null> {
  const db = await getDb();
  const offset = (params.page - 1) * params.perPage;
  const pattern = params.q ? likePattern(params.q) : null;

  if (params.groupId != null) {
    const [group] = await db
      .select({ id: attachmentGroups.id, name: attachmentGroups.name, colorCode: attachmentGroups.colorCode })
      .from(attachmentGroups)
      .where(eq(attachmentGroups.id, params.groupId))
      .limit(1);
    if (!group) return null;
    const listed = and(
      eq(attachments.menuId, params.menuId),
      eq(attachments.groupId, group.id),
      pattern ? ilike(attachments.title, pattern) : undefined,
    );
    const where = and(listed, attachmentVisibleTo(params.viewer));
    const { rows, total } = await paged(attachmentPage(db, where, params.sort, params.perPage, offset), () =>
      countVisible(db, attachments, listed, params.viewer),
    );
    return { rows: await withAttachmentDocs(rows), total, page: params.page, perPage: params.perPage, group };
  }

  // Folders: the groups holding this menu's attachments (a handful per menu).
  const lastUpdate = sql<Date>`max(${attachments.updatedAt})`.mapWith(attachments.updatedAt);
  const groupOrder: SQL[] =
    params.sort === "a-z"
      ? [sql`lower(${attachmentGroups.name}) asc`, asc(attachmentGroups.id)]
      : params.sort === "z-a"
        ? [sql`lower(${attachmentGroups.name}) desc`, desc(attachmentGroups.id)]
        : params.sort === "oldest"
          ? [sql`max(${attachments.updatedAt}) asc`, asc(attachmentGroups.id)]
          : [sql`max(${attachments.updatedAt}) desc`, desc(attachmentGroups.id)];
  const groups = await db
    .select({
      id: attachmentGroups.id,
      name: attachmentGroups.name,
      colorCode: attachmentGroups.colorCode,
      count: sql<number>`count(*)`.mapWith(Number),
      updatedAt: lastUpdate,
    })
    .from(attachments)
    .innerJoin(attachmentGroups, eq(attachmentGroups.id, attachments.groupId))
    .where(
      and(
        eq(attachments.menuId, params.menuId),
        sql`${attachments.groupId} is not null`,
        attachmentVisibleTo(params.viewer),
        pattern ? or(ilike(attachments.title, pattern), ilike(attachmentGroups.name, pattern)) : undefined,
      ),
    )
    .groupBy(attachmentGroups.id)
    .orderBy(...groupOrder);
  const groupItems: AttachmentGroupItem[] = groups.map((g) => ({ kind: "group", ...g }));
  const groupSlice = groupItems.slice(offset, offset + params.perPage);
  const singlesOffset = Math.max(0, offset - groupItems.length);
  const singlesLimit = params.perPage - groupSlice.length;

  const listed = and(
    eq(attachments.menuId, params.menuId),
    isNull(attachments.groupId),
    pattern ? ilike(attachments.title, pattern) : undefined,
  );
  const where = and(listed, attachmentVisibleTo(params.viewer));
  const countSingles = () => countVisible(db, attachments, listed, params.viewer);
  let singles: Omit<AttachmentRow, "kind" | "documents">[] = [];
  let singlesTotal: number;
  if (singlesLimit > 0) {
    const r = await paged(attachmentPage(db, where, params.sort, singlesLimit, singlesOffset), countSingles);
    singles = r.rows;
    singlesTotal = r.total;
  } else {
    singlesTotal = await countSingles();
  }
  return {
    rows: [...groupSlice, ...(await withAttachmentDocs(singles))],
    total: groupItems.length + singlesTotal,
    page: params.page,
    perPage: params.perPage,
    group: null,
  };
}

/** Every attachment of a menu in one flat list, groups ignored (v1 display_sales_attachment_old). */
export async function listAttachmentsFlat(params: ListParams): Promise<Paged<AttachmentRow>> {
  const db = await getDb();
  const listed = and(
    eq(attachments.menuId, params.menuId),
    params.q ? ilike(attachments.title, likePattern(params.q)) : undefined,
  );
  const where = and(listed, attachmentVisibleTo(params.viewer));
  const { rows, total } = await paged(
    attachmentPage(db, where, params.sort, params.perPage, (params.page - 1) * params.perPage),
    () => countVisible(db, attachments, listed, params.viewer),
  );
  return { rows: await withAttachmentDocs(rows), total, page: params.page, perPage: params.perPage };
}

export async function getAttachment({ menuId, id, viewer }: MenuItemQuery): Promise<AttachmentRow | null> {
  const db = await getDb();
  const [row] = await attachmentRows(db)
    .where(and(eq(attachments.menuId, menuId), eq(attachments.id, id), attachmentVisibleTo(viewer)))
    .limit(1);
  return row ? (await withAttachmentDocs([row]))[0] : null;
}

export type AttachmentGroupOption = { id: number; name: string; colorCode: string; status: "active" | "inactive" };

/** Attachment groups for the form's Group choice (v1 attachment_group_list): one id, or all (id 0). */
export async function listAttachmentGroups({
  id = 0,
  status,
}: { id?: number; status?: "active" | "inactive" } = {}): Promise<AttachmentGroupOption[]> {
  const db = await getDb();
  return db
    .select({
      id: attachmentGroups.id,
      name: attachmentGroups.name,
      colorCode: attachmentGroups.colorCode,
      status: attachmentGroups.status,
    })
    .from(attachmentGroups)
    .where(and(id ? eq(attachmentGroups.id, id) : undefined, status ? eq(attachmentGroups.status, status) : undefined))
    .orderBy(sql`lower(${attachmentGroups.name})`, asc(attachmentGroups.id))
    .limit(1000);
}

/** readAttachmentItems, kept while the content is unchanged and until the menu's next publish or expiry moment. */
export function listAttachmentItems(
  params: ListParams & { groupId: number | null },
  stamp?: string,
): Promise<AttachmentList | null> {
  return cachedListUntil("attachments", attachments, params, stamp, readAttachmentItems);
}

/** An attachment as its edit form holds it. */
export function attachmentValuesOf(slug: string, a: AttachmentRow): AttachmentFormValues {
  return {
    slug,
    id: a.id,
    title: a.title,
    uploadType: a.uploadType,
    url: a.url ?? "",
    groupId: a.groupId,
    documents: documentRefsOf(a.documents),
    audience: { locations: a.audienceLocationIds, roles: a.audienceRoleIds },
    publishAt: a.publishAt?.toISOString() ?? null,
    expiresAt: a.expiresAt?.toISOString() ?? null,
  };
}
