import "server-only";
import { and, eq, ilike, or, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { cachedRead, deepFreeze } from "@/lib/db/config-cache";
import { likePattern } from "@/lib/data-table/query";
import { isoDateToUs } from "../constants";
import type { SaveTheDateFormValues } from "../schemas";
import { countRows, editorName, orderFor, type ListParams } from "../sql";
import { documentRefsOf, oneWithDocuments, withDocuments, type DocumentRow } from "../documents";
import { paged, type Paged } from "../lists";

/** The reads of save-the-date entries: the Save-the-date tab, one entry, its edit form's values. */

const { saveTheDates, users } = schema;

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
      .orderBy(...orderFor(params.sort, saveTheDates, saveTheDates.updatedAt))
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage),
    () => countRows(db, saveTheDates, where),
  );
  return {
    rows: await withDocuments("saveTheDateId", rows),
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
  return oneWithDocuments("saveTheDateId", row);
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

/** readSaveTheDates, kept while the content is unchanged. */
export function listSaveTheDates(params: Omit<ListParams, "viewer">, stamp?: string): Promise<Paged<SaveTheDateRow>> {
  return cachedRead(`dates:${JSON.stringify(params)}`, stamp, () => readSaveTheDates(params).then(deepFreeze));
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
