import { eq, inArray } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { isValidKey } from "@/lib/storage/keys";

export type FileRow = typeof schema.files.$inferSelect;

/**
 * Whether a file's bytes are stored. An upload's row is written before its bytes stream (so a sweep finds
 * what an instance killed mid-upload began) and gets its size once they are all stored; an empty file is
 * refused before its row is written, so a size of 0 means the bytes are not (yet, or ever) there.
 */
export function isStored(file: Pick<FileRow, "size">): boolean {
  return file.size > 0;
}

export async function getFileByKey({ key }: { key: string }, tx?: Tx): Promise<FileRow | null> {
  if (!isValidKey(key)) return null;
  const db = tx ?? (await getDb());
  const [row] = await db.select().from(schema.files).where(eq(schema.files.storageKey, key)).limit(1);
  return row ?? null;
}

export async function getFilesByIds({ ids }: { ids: number[] }): Promise<FileRow[]> {
  if (!ids.length) return [];
  const db = await getDb();
  const rows = await db.select().from(schema.files).where(inArray(schema.files.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is FileRow => !!r);
}
