import "server-only";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { getMenuBySlug, type MenuLookup } from "@/lib/menus/queries";
import { isoDateToUs, type ContentKind, type UploadType } from "./constants";
import { toId } from "@/lib/validation/id";
import type { AttachmentFormValues, DiscussionFormValues, SaveTheDateFormValues } from "./schemas";
import { likePattern } from "@/lib/data-table/query";
import { listLocations, listRoles } from "@/lib/users/queries";
import { cachedRead, cachedReadUntil, deepFreeze } from "@/lib/db/config-cache";
import {
  countRows,
  countVisible,
  discussionListQuery,
  discussionMenuFilter,
  discussionRows,
  editorName,
  orderFor,
  postVisibleTo,
  type ListParams,
} from "./sql";
import { audienceColumnsOf, visibleTo, viewerKey, type Viewer } from "./visibility";
import type { ContentTab } from "./basics";
import { TAB_LABELS, tabsOf } from "./tabs";

const { posts, attachments, attachmentGroups, saveTheDates, contentDocuments, comments, users } = schema;

/** Who an item reaches and when (lib/content/visibility.ts); shown to administrators. */
export type AudienceFields = {
  audienceLocationIds: number[];
  audienceRoleIds: number[];
  publishAt: Date | null;
  expiresAt: Date | null;
};

export type DocumentRow = { id: number; path: string; name: string; size: number; mime: string; extension: string };

export type DiscussionRow = {
  id: number;
  menuId: number;
  title: string;
  description: string;
  pin: boolean;
  mustRead: boolean;
  dueAt: Date | null;
  ackRound: number;
  createdAt: Date;
  updatedAt: Date;
  updatedName: string;
  documents: DocumentRow[];
} & AudienceFields;

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

export type SaveTheDateRow = {
  id: number;
  menuId: number;
  title: string;
  description: string;
  /** 'YYYY-MM-DD' */
  eventDate: string;
  createdAt: Date;
  updatedAt: Date;
  updatedName: string;
  documents: DocumentRow[];
};

export type Paged<T> = { rows: T[]; total: number; page: number; perPage: number };

async function documentsOf(
  owner: "postId" | "attachmentId" | "saveTheDateId",
  ids: number[],
): Promise<Map<number, DocumentRow[]>> {
  const map = new Map<number, DocumentRow[]>();
  if (ids.length === 0) return map;
  const db = await getDb();
  const col = contentDocuments[owner];
  const rows = await db
    .select({
      ownerId: col,
      id: contentDocuments.id,
      path: contentDocuments.path,
      name: contentDocuments.name,
      size: contentDocuments.size,
      mime: contentDocuments.mime,
      extension: contentDocuments.extension,
    })
    .from(contentDocuments)
    .where(inArray(col, ids))
    .orderBy(asc(contentDocuments.position), asc(contentDocuments.id));
  for (const { ownerId, ...doc } of rows) {
    if (ownerId == null) continue;
    const list = map.get(ownerId) ?? [];
    list.push(doc);
    map.set(ownerId, list);
  }
  return map;
}

/**
 * Rows of one page and the total, as two statements run together: the rows come from the sort index
 * (a LIMIT reads a page, not the whole menu) and the count from an index-only scan. A window count
 * would read every row of the menu instead.
 *
 * Not lib/data-table/query.ts queryPage: that helper counts `table where filters` in one sub-select,
 * while these lists count what the viewer sees (countVisible: all rows less the hidden restricted ones,
 * two index-only counts), put pinned rows first, and the top Attachment level pages through groups
 * followed by ungrouped rows (two sources in one page), which the helper does not do.
 */
async function paged<T>(
  rows: PromiseLike<T[]>,
  count: () => PromiseLike<number>,
): Promise<{ rows: T[]; total: number }> {
  const [list, total] = await Promise.all([rows, count()]);
  return { rows: list, total };
}

// ---------------------------------------------------------------- discussions

/** The Discussion tab: pinned first, then the chosen sort; search on title and description. */
async function readDiscussions(params: ListParams): Promise<Paged<DiscussionRow>> {
  const db = await getDb();
  const { rows, total } = await paged(discussionListQuery(db, params), () =>
    countVisible(db, posts, discussionMenuFilter(params.menuId, params.q), params.viewer),
  );
  const docs = await documentsOf(
    "postId",
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, documents: docs.get(r.id) ?? [] })),
    total,
    page: params.page,
    perPage: params.perPage,
  };
}

/**
 * The next moment (ms) an item of the menu is published or expires, or null: a list read now stays
 * current until then (two index probes, posts_menu_publish_idx and posts_menu_expires_idx).
 */
async function nextScheduleChange(table: typeof posts | typeof attachments, menuId: number): Promise<number | null> {
  const db = await getDb();
  const rows = await db.execute(sql`select least(
      (select min(${table.publishAt}) from ${table} where ${table.menuId} = ${menuId} and ${table.publishAt} > now()),
      (select min(${table.expiresAt}) from ${table} where ${table.menuId} = ${menuId} and ${table.expiresAt} > now()))::text as t`);
  const t = rowsOf<{ t: string | null }>(rows)[0]?.t;
  return t ? new Date(t).getTime() : null;
}

/** One discussion post of a menu that the viewer may see (null when it does not exist, belongs to another menu, or is not for them). */
export async function getDiscussion({
  menuId,
  id,
  viewer,
}: {
  menuId: number;
  id: number;
  viewer: Viewer;
}): Promise<DiscussionRow | null> {
  const db = await getDb();
  const [row] = await discussionRows(db)
    .where(and(eq(posts.menuId, menuId), eq(posts.id, id), postVisibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  const docs = await documentsOf("postId", [row.id]);
  return { ...row, documents: docs.get(row.id) ?? [] };
}

export type CommentRow = { id: number; comment: string; createdAt: Date; authorName: string };

export async function listComments({ postId }: { postId: number }): Promise<CommentRow[]> {
  const db = await getDb();
  return db
    .select({
      id: comments.id,
      comment: comments.comment,
      createdAt: comments.createdAt,
      authorName: editorName,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.createdBy))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(500);
}

// ---------------------------------------------------------------- attachments

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

async function withAttachmentDocs(rows: Omit<AttachmentRow, "kind" | "documents">[]): Promise<AttachmentRow[]> {
  const docs = await documentsOf(
    "attachmentId",
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ kind: "attachment" as const, ...r, documents: docs.get(r.id) ?? [] }));
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
    const { rows, total } = await paged(
      db
        .select({ ...attachmentColumns })
        .from(attachments)
        .leftJoin(users, eq(users.id, sql`coalesce(${attachments.updatedBy}, ${attachments.createdBy})`))
        .where(where)
        // Entries in a group are never pinned; ordering by pin as well lets the sort index serve the page.
        .orderBy(desc(attachments.pin), ...orderFor(params.sort, attachments))
        .limit(params.perPage)
        .offset(offset),
      () => countVisible(db, attachments, listed, params.viewer),
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
    const r = await paged(
      db
        .select({ ...attachmentColumns })
        .from(attachments)
        .leftJoin(users, eq(users.id, sql`coalesce(${attachments.updatedBy}, ${attachments.createdBy})`))
        .where(where)
        .orderBy(desc(attachments.pin), ...orderFor(params.sort, attachments))
        .limit(singlesLimit)
        .offset(singlesOffset),
      countSingles,
    );
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
    db
      .select({ ...attachmentColumns })
      .from(attachments)
      .leftJoin(users, eq(users.id, sql`coalesce(${attachments.updatedBy}, ${attachments.createdBy})`))
      .where(where)
      .orderBy(desc(attachments.pin), ...orderFor(params.sort, attachments))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    () => countVisible(db, attachments, listed, params.viewer),
  );
  return { rows: await withAttachmentDocs(rows), total, page: params.page, perPage: params.perPage };
}

export async function getAttachment({
  menuId,
  id,
  viewer,
}: {
  menuId: number;
  id: number;
  viewer: Viewer;
}): Promise<AttachmentRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(attachmentColumns)
    .from(attachments)
    .leftJoin(users, eq(users.id, sql`coalesce(${attachments.updatedBy}, ${attachments.createdBy})`))
    .where(and(eq(attachments.menuId, menuId), eq(attachments.id, id), attachmentVisibleTo(viewer)))
    .limit(1);
  if (!row) return null;
  return (await withAttachmentDocs([row]))[0];
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

// ---------------------------------------------------------------- save the date

const saveTheDateColumns = {
  id: saveTheDates.id,
  menuId: saveTheDates.menuId,
  title: saveTheDates.title,
  description: saveTheDates.description,
  eventDate: saveTheDates.eventDate,
  createdAt: saveTheDates.createdAt,
  updatedAt: saveTheDates.updatedAt,
  updatedName: editorName,
};

/** The Save-the-date tab (Newest / Oldest by last change; search on title and description). */
async function readSaveTheDates(params: Omit<ListParams, "viewer">): Promise<Paged<SaveTheDateRow>> {
  const db = await getDb();
  const p = params.q ? likePattern(params.q) : null;
  const where = and(
    eq(saveTheDates.menuId, params.menuId),
    p ? or(ilike(saveTheDates.title, p), ilike(saveTheDates.description, p)) : undefined,
  );
  const { rows, total } = await paged(
    db
      .select({ ...saveTheDateColumns })
      .from(saveTheDates)
      .leftJoin(users, eq(users.id, sql`coalesce(${saveTheDates.updatedBy}, ${saveTheDates.createdBy})`))
      .where(where)
      .orderBy(...orderFor(params.sort, saveTheDates))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    () => countRows(db, saveTheDates, where),
  );
  const docs = await documentsOf(
    "saveTheDateId",
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, documents: docs.get(r.id) ?? [] })),
    total,
    page: params.page,
    perPage: params.perPage,
  };
}

export async function getSaveTheDate({ menuId, id }: { menuId: number; id: number }): Promise<SaveTheDateRow | null> {
  const db = await getDb();
  const [row] = await db
    .select(saveTheDateColumns)
    .from(saveTheDates)
    .leftJoin(users, eq(users.id, sql`coalesce(${saveTheDates.updatedBy}, ${saveTheDates.createdBy})`))
    .where(and(eq(saveTheDates.menuId, menuId), eq(saveTheDates.id, id)))
    .limit(1);
  if (!row) return null;
  const docs = await documentsOf("saveTheDateId", [row.id]);
  return { ...row, documents: docs.get(row.id) ?? [] };
}

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

export async function findSaveTheDate(id: number): Promise<{ menuId: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ menuId: saveTheDates.menuId })
    .from(saveTheDates)
    .where(eq(saveTheDates.id, id))
    .limit(1);
  return row ?? null;
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

// ---------------------------------------------------------------- the tabs' lists, as pages and v1 read them

// Each list goes through the read cache (lib/db/config-cache.ts cachedRead); pass the request's
// SessionUser.contentStamp as `stamp`, or nothing to read PostgreSQL every time.

/** The cache key of a list: what the viewer is (their audience), then the list's own parameters. */
function listKey(kind: string, { viewer, ...rest }: ListParams & { groupId?: number | null }): string {
  return `${kind}:${viewerKey(viewer)}:${JSON.stringify(rest)}`;
}

/** readDiscussions, kept while the content is unchanged and until the menu's next publish or expiry moment. */
export function listDiscussions(params: ListParams, stamp?: string): Promise<Paged<DiscussionRow>> {
  return cachedReadUntil(listKey("discussions", params), stamp, async () => {
    const [value, until] = await Promise.all([
      readDiscussions(params).then(deepFreeze),
      nextScheduleChange(posts, params.menuId),
    ]);
    return { value, until };
  });
}

/** readAttachmentItems, kept while the content is unchanged and until the menu's next publish or expiry moment. */
export function listAttachmentItems(
  params: ListParams & { groupId: number | null },
  stamp?: string,
): Promise<AttachmentList | null> {
  return cachedReadUntil(listKey("attachments", params), stamp, async () => {
    const [value, until] = await Promise.all([
      readAttachmentItems(params).then(deepFreeze),
      nextScheduleChange(attachments, params.menuId),
    ]);
    return { value, until };
  });
}

/** readSaveTheDates, kept while the content is unchanged. */
export function listSaveTheDates(params: Omit<ListParams, "viewer">, stamp?: string): Promise<Paged<SaveTheDateRow>> {
  return cachedRead(`dates:${JSON.stringify(params)}`, stamp, () => readSaveTheDates(params).then(deepFreeze));
}

// ---------------------------------------------------------------- audience

export type AudienceOptions = {
  locations: { value: number; text: string }[];
  roles: { value: number; text: string }[];
};

/** The locations and roles an audience is chosen from (the post and attachment forms, the marks administrators see). */
export async function listAudienceOptions(): Promise<AudienceOptions> {
  const [locations, roles] = await Promise.all([listLocations(), listRoles()]);
  return { locations: locations.map(({ value, text }) => ({ value, text })), roles };
}

// ---------------------------------------------------------------- the menu a content call works on

export type ContentMenu = Extract<MenuLookup, { status: "ok" }>["menu"];

/**
 * The menu page a content call works on: it must exist (404), the role must see it (403), and when
 * `tab` is given the page must offer that tab (404).
 */
export async function requireContentMenu(slug: string, user: SessionUser, tab?: ContentTab): Promise<ContentMenu> {
  const found = await getMenuBySlug({ slug, roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") throw new AppError(404, "Menu not found.");
  if (found.status === "forbidden") throw new AppError(403, "You don't have permission to access this page.");
  if (tab && !tabsOf(found.menu.pageTypes).includes(tab)) {
    throw new AppError(404, `This page has no ${TAB_LABELS[tab]} tab.`);
  }
  return found.menu;
}

// ---------------------------------------------------------------- form values

const documentRefsOf = (docs: DocumentRow[]) =>
  docs.map((d) => ({ path: d.path, name: d.name, size: d.size, type: d.mime || d.extension }));

/** A post as its edit form holds it (the edit page's values, and what a field left out of an update keeps). */
export function discussionValuesOf(slug: string, p: DiscussionRow): DiscussionFormValues {
  return {
    slug,
    id: p.id,
    title: p.title,
    description: p.description,
    documents: documentRefsOf(p.documents),
    audience: { locations: p.audienceLocationIds, roles: p.audienceRoleIds },
    publishAt: p.publishAt?.toISOString() ?? null,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    mustRead: p.mustRead,
    dueAt: p.dueAt?.toISOString() ?? null,
    reacknowledge: false,
  };
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

/** A save-the-date entry as its edit form holds it (the date as MM/DD/YYYY). */
export function saveTheDateValuesOf(slug: string, s: SaveTheDateRow): SaveTheDateFormValues {
  return {
    slug,
    id: s.id,
    title: s.title,
    description: s.description,
    eventDate: isoDateToUs(s.eventDate),
    documents: documentRefsOf(s.documents),
  };
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
