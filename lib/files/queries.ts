import { eq, inArray } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { isValidKey } from "@/lib/storage/keys";

export type FileRow = typeof schema.files.$inferSelect;

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
