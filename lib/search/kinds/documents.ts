import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { headline, type Ctx, type Source } from "../engine";

/** The content rows that hold documents, by their column in content_documents. */
export type DocumentOwner = "post_id" | "attachment_id" | "save_the_date_id";

/** Fewer linked documents than this: a kind's document sources start from its documents (documentSources). */
export const FEW_DOCUMENTS = 2000;

/**
 * The documents of a content row (`o`, of `owner`): their file names (content_documents) and the
 * passages of their extracted text (file_text_chunks).
 */
export function documentSources(ctx: Ctx, owner: SQL, ownerCol: DocumentOwner, ownerWhere: SQL[]): Source[] {
  const col = sql.raw(ownerCol);
  // A kind with few documents (the statistics' count of them, or none recorded) starts from them
  // (planner): reading a common word's every file name and passage first cost 90 ms of a 'war'
  // suggestion at a million posts, none of them a discussion's. 'is not null' is said outright (the
  // join implies it) so the planner can. A kind with many documents reads them by the words, then joins.
  const planner = (ctx.stats.linked.get(`content_documents.${ownerCol}`) ?? 0) < FEW_DOCUMENTS;
  const where = [sql`d.${col} is not null`, ...ownerWhere];
  return [
    {
      src: "file-name",
      table: "content_documents",
      alias: "d",
      join: sql`join ${owner} o on o.id = d.${col}`,
      vector: sql`d.search_vector`,
      id: sql`d.${col}`,
      where,
      weight: 0.9,
      srcId: sql`d.id`,
      planner,
    },
    {
      src: "document",
      table: "file_text_chunks",
      alias: "ch",
      join: sql`join content_documents d on d.file_id = ch.file_id join ${owner} o on o.id = d.${col}`,
      vector: sql`ch.search_vector`,
      id: sql`d.${col}`,
      where,
      srcId: sql`ch.file_id`,
      srcPos: sql`ch.position`,
      newest: "ch.file_id desc, ch.position desc",
      planner,
    },
  ];
}

/** The snippet of a document source (`src_id` a file for 'document'). */
export const documentSnippet = sql`case h.src
    when 'document' then (select ${headline(sql`ch.content`)} from file_text_chunks ch where ch.file_id = h.src_id and ch.position = h.src_pos) end`;
/** The file name of a document source (`src_id` a file for 'document', a content document for 'file-name'). */
export const documentName = sql`case h.src
    when 'document' then (select f.original_name from files f where f.id = h.src_id)
    when 'file-name' then (select d.name from content_documents d where d.id = h.src_id) end`;
