import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { claimUploads, deleteFiles } from "@/lib/files/mutations";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { inlineFileUrl, isImageFile, keyFromClientPath, signedDownloadUrl } from "@/lib/files/links";
import { type FileRow } from "@/lib/files/queries";
import { extensionOf } from "@/lib/storage/kinds";
import type { ApiAttachment } from "./types";

/**
 * Event attachments: rows of the files issue's `files` table (kind `event`), linked in order by
 * calendar_event_attachments. The form and addupdateevent send storage paths (from store_document);
 * a save claims new temporary uploads of the caller, keeps the event's own files it sends back and
 * deletes (rows, then bytes after commit) the ones it no longer lists.
 */

const a = schema.calendarEventAttachments;
const f = schema.files;

export type AttachmentFile = Pick<FileRow, "id" | "storageKey" | "originalName" | "size" | "mime">;

/** The files of events, in display order. */
export async function filesOfEvents(
  eventIds: number[],
  tx?: Tx,
): Promise<(AttachmentFile & { eventId: number; updatedAt: Date })[]> {
  if (eventIds.length === 0) return [];
  const db = tx ?? (await getDb());
  return db
    .select({
      eventId: a.eventId,
      id: f.id,
      storageKey: f.storageKey,
      originalName: f.originalName,
      size: f.size,
      mime: f.mime,
      updatedAt: f.updatedAt,
    })
    .from(a)
    .innerJoin(f, eq(f.id, a.fileId))
    .where(inArray(a.eventId, eventIds))
    .orderBy(asc(a.eventId), asc(a.position), asc(a.id));
}

/** Paths from a client to storage keys; a bad one is a 422 on `field`. */
function keysOf(paths: string[], field: string): string[] {
  try {
    return [...new Set(paths.map(keyFromClientPath))];
  } catch (err) {
    if (err instanceof AppError) throw new AppError(422, err.message, { [field]: [err.message] });
    throw err;
  }
}

/**
 * Makes `paths` the event's attachments, in that order (inside the save's withFileTransaction).
 * New paths must be the caller's temporary `event` uploads; attached files are accepted only when
 * they already belong to this event (another event's or post's file cannot be borrowed).
 */
export async function setEventAttachments(
  tx: Tx,
  input: { eventId: number; paths: string[]; user: SessionUser; field?: string },
) {
  const field = input.field ?? "attachments";
  const keys = keysOf(input.paths, field);
  const existing = await filesOfEvents([input.eventId], tx);
  const existingByKey = new Map(existing.map((x) => [x.storageKey, x]));
  const fresh = keys.filter((k) => !existingByKey.has(k));
  const claimed = await claimUploads({ keys: fresh, user: input.user, kinds: ["event"], field }, tx);
  const claimedByKey = new Map(claimed.map((c) => [c.storageKey, c]));
  const ordered = keys.map((k) => existingByKey.get(k)?.id ?? claimedByKey.get(k)?.id);
  if (ordered.some((id) => id === undefined))
    throw new AppError(422, FILE_MESSAGES.notFound, { [field]: [FILE_MESSAGES.notFound] });
  await tx.delete(a).where(eq(a.eventId, input.eventId));
  if (ordered.length)
    await tx
      .insert(a)
      .values(ordered.map((fileId, position) => ({ eventId: input.eventId, fileId: fileId!, position })));
  const kept = new Set(keys);
  await deleteFiles(
    existing.filter((x) => !kept.has(x.storageKey)),
    tx,
  );
}

/** Deletes the files of events that are being deleted (inside withFileTransaction). */
export async function deleteFilesOfEvents(tx: Tx, eventIds: number[]) {
  await deleteFiles(await filesOfEvents(eventIds, tx), tx);
}

/** The v1 shape, with a short-lived download link and, for pictures, a same-origin preview link. */
export async function toApiAttachments(files: AttachmentFile[], baseUrl: string): Promise<ApiAttachment[]> {
  return Promise.all(
    files.map(async (file) => ({
      id: file.id,
      url: await signedDownloadUrl(file as FileRow, baseUrl),
      thumb_url: isImageFile(file) ? inlineFileUrl(file) : null,
      document_path: file.storageKey,
      document_name: file.originalName,
      doc_extension: extensionOf(file.originalName),
      file_type: file.mime,
      size: file.size,
    })),
  );
}

/** addupdateevent's imagePath[] (paths from store_document), as a list. */
export function legacyImagePaths(body: unknown): string[] {
  const paths = body && typeof body === "object" ? (body as Record<string, unknown>).imagePath : undefined;
  if (Array.isArray(paths)) return paths.filter((p): p is string => typeof p === "string" && p.trim() !== "");
  return typeof paths === "string" && paths.trim()
    ? paths
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)
    : [];
}
