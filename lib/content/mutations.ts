import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { claimUploads, deleteFilesById, withFileTransaction } from "@/lib/files/mutations";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { keyFromClientPath } from "@/lib/files/links";
import { extensionOf as fileExtensionOf, type UploadKindName } from "@/lib/storage/kinds";
import {
  AUDIENCE_MESSAGES,
  type Audience,
  type AttachmentFormValues,
  type CommentFormValues,
  type DiscussionFormValues,
  type DocumentRef,
  type SaveTheDateFormValues,
} from "./schemas";
import { type ContentTab } from "./basics";
import { allowedUploadTypes, usDateToIso, type ContentKind } from "./constants";
import { findContentItem, menuSlugById } from "./queries";
import { findSaveTheDate } from "./save-the-date/queries";
import { requireContentMenu, type ContentMenu } from "@/lib/auth/guards";

const { posts, attachments, attachmentGroups, saveTheDates, contentDocuments, comments } = schema;

/** The menu of a row named by id alone, checked against the caller's role. */
async function requireMenuById(menuId: number, user: SessionUser, tab: ContentTab): Promise<ContentMenu> {
  const slug = await menuSlugById(menuId);
  if (!slug) throw new AppError(404, "Menu not found.");
  return requireContentMenu(slug, user, tab);
}

const KIND_LABEL: Record<ContentKind, string> = { discussion: "Discussion", attachment: "Attachment" };
const notFoundMessage = (kind: ContentKind | "save-the-date") =>
  kind === "discussion" ? "Post not found." : kind === "attachment" ? "Attachment not found." : "Date not found.";

type Owner = { postId: number } | { attachmentId: number } | { saveTheDateId: number };

function ownerWhere(owner: Owner) {
  if ("postId" in owner) return eq(contentDocuments.postId, owner.postId);
  if ("attachmentId" in owner) return eq(contentDocuments.attachmentId, owner.attachmentId);
  return eq(contentDocuments.saveTheDateId, owner.saveTheDateId);
}

type StoredDoc = typeof contentDocuments.$inferSelect;
type DocValues = { fileId: number | null; path: string; name: string; size: number; mime: string; extension: string };

/** Options of a save: the name of the documents field in the caller's payload (v1: imagePath, attachPath). */
export type SaveOptions = { documentsField?: string };

/**
 * Replaces the document references of one row inside the save's transaction. Documents the row
 * already has stay as they are; every other path must be a temporary upload of this user of an
 * allowed kind, which is claimed (marked attached) here, and its name, size and type come from the
 * files row, not from the client. Files the row no longer references are deleted (rows now, bytes
 * after the commit). Returns what is stored, for the audit log.
 */
async function syncDocuments(
  tx: Tx,
  owner: Owner,
  docs: DocumentRef[],
  ctx: FilesContext,
): Promise<{ path: string; name: string; size: number }[]> {
  const existing: StoredDoc[] = await tx
    .select()
    .from(contentDocuments)
    .where(ownerWhere(owner))
    .orderBy(contentDocuments.position);
  const byPath = new Map(existing.map((d) => [d.path, d]));
  const wanted: string[] = [];
  for (const d of docs) {
    let key: string;
    try {
      key = byPath.has(d.path) ? d.path : keyFromClientPath(d.path);
    } catch {
      throw new AppError(422, FILE_MESSAGES.invalidPath, { [ctx.field]: [FILE_MESSAGES.invalidPath] });
    }
    if (!wanted.includes(key)) wanted.push(key);
  }
  const fresh = wanted.filter((k) => !byPath.has(k));
  const claimed = await claimUploads({ keys: fresh, user: ctx.user, kinds: ctx.kinds, field: ctx.field }, tx);
  const claimedByKey = new Map(claimed.map((f) => [f.storageKey, f]));
  const values: DocValues[] = wanted.map((key) => {
    const kept = byPath.get(key);
    if (kept)
      return {
        fileId: kept.fileId,
        path: kept.path,
        name: kept.name,
        size: kept.size,
        mime: kept.mime,
        extension: kept.extension,
      };
    const f = claimedByKey.get(key)!;
    return {
      fileId: f.id,
      path: f.storageKey,
      name: f.originalName,
      size: f.size,
      mime: f.mime,
      extension: fileExtensionOf(f.originalName).slice(0, 16),
    };
  });

  await tx.delete(contentDocuments).where(ownerWhere(owner));
  if (values.length)
    await tx.insert(contentDocuments).values(values.map((v, position) => ({ ...owner, ...v, position })));

  const dropped = existing.filter((d) => d.fileId != null && !wanted.includes(d.path)).map((d) => d.fileId!);
  await deleteFilesById(tx, dropped);
  return values.map(({ path, name, size }) => ({ path, name, size }));
}

async function documentsForAudit(tx: Tx, owner: Owner) {
  return tx
    .select({
      path: contentDocuments.path,
      name: contentDocuments.name,
      size: contentDocuments.size,
      fileId: contentDocuments.fileId,
    })
    .from(contentDocuments)
    .where(ownerWhere(owner))
    .orderBy(contentDocuments.position);
}

type Saved = { id: number; created: boolean; message: string };

type FilesContext = { user: SessionUser; kinds: readonly UploadKindName[]; field: string };

/**
 * What each content save writes: its table, its audit entity, the documents' owner column, the uploads
 * it may claim (old clients upload through store_document as "document") and the noun its messages use.
 */
const CONTENT_ROWS = {
  discussion: {
    table: posts,
    entity: "post",
    owner: (postId: number): Owner => ({ postId }),
    uploads: ["post", "document"],
    noun: "Post",
  },
  attachment: {
    table: attachments,
    entity: "attachment",
    owner: (attachmentId: number): Owner => ({ attachmentId }),
    uploads: ["attachment", "document"],
    noun: "Attachment",
  },
  "save-the-date": {
    table: saveTheDates,
    entity: "save_the_date",
    owner: (saveTheDateId: number): Owner => ({ saveTheDateId }),
    uploads: ["document"],
    noun: "Date",
  },
} satisfies Record<
  ContentKind | "save-the-date",
  { table: PgTable; entity: string; owner: (id: number) => Owner; uploads: readonly UploadKindName[]; noun: string }
>;
type ContentRowKind = keyof typeof CONTENT_ROWS;
type ContentTable = (typeof CONTENT_ROWS)[ContentRowKind]["table"];
type RowOf<K extends ContentRowKind> = (typeof CONTENT_ROWS)[K]["table"]["$inferSelect"];
/** The columns a save sets (menu and author are set here, once, on create). */
type FieldsOf<K extends ContentRowKind> = Omit<
  (typeof CONTENT_ROWS)[K]["table"]["$inferInsert"],
  "menuId" | "createdBy"
>;

/**
 * The save of a post, attachment or date, in one transaction. An edit (`id`) locks the row, which must
 * be in `menu` (else 404); `fieldsFor` gives the columns to set from the input and that row (it may
 * refuse with a 422). Then with the row, the update: the stored documents (for the audit), the row
 * updated, the document references synced, one audit row with both sides and their documents; without,
 * the create: the row inserted in `menu` by the user, its documents synced, one audit row.
 */
async function saveContentRow<K extends ContentRowKind>(
  kind: K,
  save: {
    id: number | null | undefined;
    menu: ContentMenu;
    user: SessionUser;
    opts: SaveOptions;
    documents: DocumentRef[];
  },
  fieldsFor: (tx: Tx, before: RowOf<K> | undefined) => Promise<FieldsOf<K>>,
): Promise<Saved> {
  const { entity, owner, uploads, noun } = CONTENT_ROWS[kind];
  // Drizzle types a statement for one table; the three share every column named here (id, menu_id).
  const table: ContentTable = CONTENT_ROWS[kind].table;
  const { user, menu, documents } = save;
  const files = { user, kinds: uploads, field: save.opts.documentsField ?? "documents" };
  return withFileTransaction(async (tx) => {
    let before: RowOf<K> | undefined;
    if (save.id) {
      [before] = (await tx
        .select()
        .from(table)
        .where(and(eq(table.id, save.id), eq(table.menuId, menu.id)))
        .for("update")) as RowOf<K>[];
      if (!before) throw new AppError(404, notFoundMessage(kind));
    }
    const fields = await fieldsFor(tx, before);
    if (before) {
      const id = before.id;
      const beforeDocs = await documentsForAudit(tx, owner(id));
      const [after] = await tx.update(table).set(fields).where(eq(table.id, id)).returning();
      const docs = await syncDocuments(tx, owner(id), documents, files);
      const audit = { before: { ...before, documents: beforeDocs }, after: { ...after, documents: docs } };
      await writeAudit({ actorId: user.id, action: "update", entity, entityId: id, ...audit }, tx);
      return { id, created: false, message: `${noun} Updated successfully` };
    }
    const [row] = await tx
      .insert(table)
      .values({ ...fields, menuId: menu.id, createdBy: user.id })
      .returning();
    const docs = await syncDocuments(tx, owner(row.id), documents, files);
    const after = { ...row, documents: docs };
    await writeAudit({ actorId: user.id, action: "create", entity, entityId: row.id, after }, tx);
    return { id: row.id, created: true, message: `${noun} Added successfully` };
  });
}

type ScheduleInput = { audience?: Audience; publishAt?: string | null; expiresAt?: string | null };
type StoredSchedule = {
  audienceLocationIds: number[];
  audienceRoleIds: number[];
  publishAt: Date | null;
  expiresAt: Date | null;
};

const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const dateOrNull = (v: string | null) => (v ? new Date(v) : null);

/**
 * The audience and schedule to store: what the input gives, else what is stored (`before`), else
 * everyone, at once, for good. Unknown location or role ids are refused (422 on `audience.locations` /
 * `audience.roles`), and so is an expiry not after the publish moment (also when one of them is kept).
 */
async function resolveSchedule(tx: Tx, input: ScheduleInput, before?: StoredSchedule): Promise<StoredSchedule> {
  const locations = input.audience ? sortedIds(input.audience.locations) : (before?.audienceLocationIds ?? []);
  const roles = input.audience ? sortedIds(input.audience.roles) : (before?.audienceRoleIds ?? []);
  if (input.audience) {
    const [knownLocations, knownRoles] = await Promise.all([
      locations.length
        ? tx.select({ id: schema.locations.id }).from(schema.locations).where(inArray(schema.locations.id, locations))
        : [],
      roles.length ? tx.select({ id: schema.roles.id }).from(schema.roles).where(inArray(schema.roles.id, roles)) : [],
    ]);
    const badLocations = locations.filter((id) => !knownLocations.some((r) => r.id === id));
    const badRoles = roles.filter((id) => !knownRoles.some((r) => r.id === id));
    if (badLocations.length || badRoles.length) {
      const errors: Record<string, string[]> = {};
      if (badLocations.length) errors["audience.locations"] = [AUDIENCE_MESSAGES.unknownLocation(badLocations)];
      if (badRoles.length) errors["audience.roles"] = [AUDIENCE_MESSAGES.unknownRole(badRoles)];
      throw new AppError(422, Object.values(errors)[0][0], errors);
    }
  }
  const publishAt = input.publishAt !== undefined ? dateOrNull(input.publishAt) : (before?.publishAt ?? null);
  const expiresAt = input.expiresAt !== undefined ? dateOrNull(input.expiresAt) : (before?.expiresAt ?? null);
  if (publishAt && expiresAt && expiresAt <= publishAt) {
    throw new AppError(422, AUDIENCE_MESSAGES.expiresBeforePublish, {
      expiresAt: [AUDIENCE_MESSAGES.expiresBeforePublish],
    });
  }
  return { audienceLocationIds: locations, audienceRoleIds: roles, publishAt, expiresAt };
}

type MustReadInput = { mustRead?: boolean; dueAt?: string | null; reacknowledge?: boolean };
type StoredMustRead = { mustRead: boolean; dueAt: Date | null; ackRound: number };

/**
 * Must read, its due date and the acknowledgement round to store. A post that becomes a must-read
 * may not be due in the past, and no must-read is due before it is published (`publishAt`, as stored
 * after this save); 'needs acknowledging again' on a must-read starts a new round (earlier
 * acknowledgements stay as history).
 */
function resolveMustRead(input: MustReadInput, publishAt: Date | null, before?: StoredMustRead): StoredMustRead {
  const mustRead = input.mustRead ?? before?.mustRead ?? false;
  let dueAt = input.dueAt !== undefined ? dateOrNull(input.dueAt) : (before?.dueAt ?? null);
  if (!mustRead) dueAt = null;
  const becomes = mustRead && !before?.mustRead;
  if (becomes && dueAt && dueAt.getTime() < Date.now() - 10 * 60 * 1000) {
    throw new AppError(422, AUDIENCE_MESSAGES.dueInPast, { dueAt: [AUDIENCE_MESSAGES.dueInPast] });
  }
  // Nobody can read it before it is published, so it cannot be due then (also when one of them is kept).
  if (dueAt && publishAt && dueAt <= publishAt) {
    throw new AppError(422, AUDIENCE_MESSAGES.dueBeforePublish, { dueAt: [AUDIENCE_MESSAGES.dueBeforePublish] });
  }
  const round = before?.ackRound ?? 1;
  return { mustRead, dueAt, ackRound: mustRead && before?.mustRead && input.reacknowledge ? round + 1 : round };
}

// ---------------------------------------------------------------- discussions

export async function saveDiscussion(
  input: DiscussionFormValues,
  user: SessionUser,
  opts: SaveOptions = {},
): Promise<Saved> {
  const menu = await requireContentMenu(input.slug, user, "discussion");
  const save = { id: input.id, menu, user, opts, documents: input.documents };
  return saveContentRow("discussion", save, async (tx, before) => {
    const schedule = await resolveSchedule(tx, input, before);
    return {
      title: input.title,
      description: input.description,
      updatedBy: user.id,
      // An edit is dated on its own ('Edited'); the post keeps its publish moment (posts.published_at).
      ...(before ? { editedAt: new Date() } : {}),
      ...schedule,
      ...resolveMustRead(input, schedule.publishAt, before),
    };
  });
}

// ---------------------------------------------------------------- attachments

export async function saveAttachment(
  input: AttachmentFormValues,
  user: SessionUser,
  opts: SaveOptions = {},
): Promise<Saved> {
  const menu = await requireContentMenu(input.slug, user, "attachment");
  const allowed = allowedUploadTypes(menu.allowInAttachment);
  if (!allowed.includes(input.uploadType)) {
    const message = allowed.includes("url") ? "This page accepts links only." : "This page accepts documents only.";
    throw new AppError(422, message, { uploadType: [message] });
  }
  const documents = input.uploadType === "file" ? input.documents : [];
  return saveContentRow("attachment", { id: input.id, menu, user, opts, documents }, async (tx, before) => {
    if (input.groupId != null) {
      const [group] = await tx.select().from(attachmentGroups).where(eq(attachmentGroups.id, input.groupId));
      // An inactive group is not offered any more, but an entry already in it may stay there.
      if (!group || (group.status !== "active" && before?.groupId !== group.id)) {
        const message = "The selected group is not available.";
        throw new AppError(422, message, { groupId: [message] });
      }
    }
    return {
      ...(await resolveSchedule(tx, input, before)),
      title: input.title,
      uploadType: input.uploadType,
      url: input.uploadType === "url" ? input.url : null,
      groupId: input.groupId,
      updatedBy: user.id,
      // There is no Pin/Unpin inside a group: moving an entry into a group unpins it.
      ...(input.groupId != null ? { pin: false } : {}),
    };
  });
}

// ---------------------------------------------------------------- save the date

export async function saveSaveTheDate(
  input: SaveTheDateFormValues,
  user: SessionUser,
  opts: SaveOptions = {},
): Promise<Saved> {
  const menu = await requireContentMenu(input.slug, user, "save-the-date");
  const eventDate = usDateToIso(input.eventDate);
  if (!eventDate)
    throw new AppError(422, "Please enter the date as MM/DD/YYYY", {
      eventDate: ["Please enter the date as MM/DD/YYYY"],
    });
  const fields = { title: input.title, description: input.description, eventDate, updatedBy: user.id };
  const save = { id: input.id, menu, user, opts, documents: input.documents };
  return saveContentRow("save-the-date", save, async () => fields);
}

// ---------------------------------------------------------------- pin, delete, comment

/**
 * Locates a discussion or attachment by id for pin/delete: it must be of the named kind, in the named
 * menu when a slug is given (ids of another menu's rows are refused), and in a menu the role can see.
 */
async function locateItem(kind: ContentKind, id: number, user: SessionUser, slug?: string) {
  const found = await findContentItem(id);
  if (!found || found.kind !== kind) throw new AppError(404, notFoundMessage(kind));
  const menu = slug ? await requireContentMenu(slug, user, kind) : await requireMenuById(found.menuId, user, kind);
  if (menu.id !== found.menuId) throw new AppError(404, notFoundMessage(kind));
  return menu;
}

export async function setPinned(
  input: { kind: ContentKind; id: number; pin: boolean; slug?: string },
  user: SessionUser,
): Promise<{ message: string }> {
  await locateItem(input.kind, input.id, user, input.slug);
  const table = input.kind === "discussion" ? posts : attachments;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, input.id)).for("update");
    if (!before) throw new AppError(404, notFoundMessage(input.kind));
    if ("groupId" in before && before.groupId != null) {
      throw new AppError(422, "Attachments inside a group cannot be pinned.");
    }
    // Pinning is not an edit: updated_at (the Newest/Oldest order and the shown date) stays as it was.
    await tx
      .update(table)
      .set({ pin: input.pin, updatedAt: sql`${table.updatedAt}` })
      .where(eq(table.id, input.id));
    await writeAudit(
      {
        actorId: user.id,
        action: input.pin ? "pin" : "unpin",
        entity: input.kind === "discussion" ? "post" : "attachment",
        entityId: input.id,
        before: { pin: before.pin },
        after: { pin: input.pin },
      },
      tx,
    );
  });
  return { message: `${KIND_LABEL[input.kind]} ${input.pin ? "Pin" : "Unpin"} successfully` };
}

export async function deleteContentItem(
  input: { kind: ContentKind; id: number; slug?: string },
  user: SessionUser,
): Promise<{ message: string }> {
  await locateItem(input.kind, input.id, user, input.slug);
  await deleteContentRow(input.kind, input.id, user);
  return { message: `${KIND_LABEL[input.kind]} Delete successfully` };
}

export async function deleteSaveTheDate(
  input: { id: number; slug?: string },
  user: SessionUser,
): Promise<{ message: string }> {
  const found = await findSaveTheDate(input.id);
  if (!found) throw new AppError(404, notFoundMessage("save-the-date"));
  const menu = input.slug
    ? await requireContentMenu(input.slug, user, "save-the-date")
    : await requireMenuById(found.menuId, user, "save-the-date");
  if (menu.id !== found.menuId) throw new AppError(404, notFoundMessage("save-the-date"));
  await deleteContentRow("save-the-date", input.id, user);
  return { message: "You successfully deleted the record(s)." };
}

/**
 * Deletes a post, attachment or save-the-date entry (access already decided) with its documents and their files,
 * audited with what it held: the row and its documents. A 404 when it is gone by the time it is locked.
 */
async function deleteContentRow(kind: ContentRowKind, id: number, user: SessionUser): Promise<void> {
  const { entity, owner } = CONTENT_ROWS[kind];
  const table: ContentTable = CONTENT_ROWS[kind].table;
  await withFileTransaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for("update");
    if (!before) throw new AppError(404, notFoundMessage(kind));
    const docs = await documentsForAudit(tx, owner(id));
    await tx.delete(table).where(eq(table.id, id));
    await deleteFilesById(
      tx,
      docs.flatMap((d) => (d.fileId != null ? [d.fileId] : [])),
    );
    const audit = { actorId: user.id, action: "delete", entity, entityId: id, before: { ...before, documents: docs } };
    await writeAudit(audit, tx);
  });
}

export async function addComment(
  input: CommentFormValues,
  user: SessionUser,
): Promise<{ id: number; message: string }> {
  const found = await findContentItem(input.postId);
  if (!found || found.kind !== "discussion") throw new AppError(404, notFoundMessage("discussion"));
  await requireMenuById(found.menuId, user, "discussion");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(comments)
      .values({ postId: input.postId, comment: input.comment, createdBy: user.id })
      .returning();
    await writeAudit({ actorId: user.id, action: "create", entity: "comment", entityId: row.id, after: row }, tx);
    return { id: row.id, message: "Comment Added successfully" };
  });
}
