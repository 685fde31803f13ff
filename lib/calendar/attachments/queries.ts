import "server-only";
import { asc, eq, inArray } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import type { FileRow } from "@/lib/files/queries";

/** The files attached to calendar events (kind `event`), in display order. */

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
