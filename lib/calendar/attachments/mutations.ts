import "server-only";
import { eq } from "drizzle-orm";
import { schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { claimUploads, deleteFiles } from "@/lib/files/mutations";
import { FILE_MESSAGES } from "@/lib/files/constants";
import { keyFromClientPath } from "@/lib/files/links";
import { filesOfEvents } from "./queries";

/**
 * Event attachments: rows of the files issue's `files` table (kind `event`), linked in order by
 * calendar_event_attachments. The form and addupdateevent send storage paths (from store_document);
 * a save claims new temporary uploads of the caller, keeps the event's own files it sends back and
 * deletes (rows, then bytes after commit) the ones it no longer lists.
 */

const a = schema.calendarEventAttachments;

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
