import "server-only";
import { asc, inArray } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";

/** The documents of posts, attachments and save-the-date entries (content_documents), as the lists and forms read them. */

const { contentDocuments } = schema;

export type DocumentRow = { id: number; path: string; name: string; size: number; mime: string; extension: string };

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

/** `rows` with their documents (one statement for all of them). */
export async function withDocuments<R extends { id: number }>(
  owner: "postId" | "attachmentId" | "saveTheDateId",
  rows: R[],
): Promise<(R & { documents: DocumentRow[] })[]> {
  const docs = await documentsOf(
    owner,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, documents: docs.get(r.id) ?? [] }));
}

/** One row with its documents (withDocuments), or null for none. */
export async function oneWithDocuments<R extends { id: number }>(
  owner: "postId" | "attachmentId" | "saveTheDateId",
  row: R | undefined,
): Promise<(R & { documents: DocumentRow[] }) | null> {
  return row ? (await withDocuments(owner, [row]))[0] : null;
}

/** Documents as an edit form holds them. */
export const documentRefsOf = (docs: DocumentRow[]) =>
  docs.map((d) => ({ path: d.path, name: d.name, size: d.size, type: d.mime || d.extension }));
