import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";
import { files } from "./files";

/**
 * Portal-wide search (lib/search, docs/features/search.md). Each searched table has a STORED generated `search_vector`
 * column with a GIN index, written by hand (migration 0018_search_vectors; lib/search/vectors.ts lists
 * the tables). The columns are left out of the Drizzle tables on purpose: no ordinary select should
 * carry a tsvector, and only the search's SQL reads them.
 */

export const fileTextStatus = pgEnum("file_text_status", ["pending", "working", "done", "failed", "skipped"]);

/**
 * The text extracted from an uploaded PDF, DOCX, XLSX or plain-text file, and the durable job that
 * extracts it. A row is inserted `pending` in the transaction that claims the upload into content
 * (lib/files/mutations.ts claimUploads), so the upload itself never waits; the extractor
 * (lib/search/extract-worker.ts) claims due rows with FOR UPDATE SKIP LOCKED and a lease, like the mail
 * outbox: a process that dies mid-extraction leaves a row that is due again when its lease expires.
 */
export const fileTexts = pgTable(
  "file_texts",
  {
    fileId: integer()
      .primaryKey()
      .references(() => files.id, { onDelete: "cascade" }),
    status: fileTextStatus().notNull().default("pending"),
    /** Extraction attempts started (counted at the claim). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** Characters of text extracted (capped: lib/search/extract.ts MAX_TEXT_CHARS); the text is in file_text_chunks. */
    chars: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("file_texts_due_idx")
      .on(t.nextAttemptAt, t.fileId)
      .where(sql`${t.status} in ('pending', 'working')`),
  ],
);

/**
 * The words of every searched title and name (kept by statement triggers, migration 0017): a query word
 * that is in none of them is looked up here by trigram similarity, so one typo is forgiven
 * ('warrenty' finds 'warranty'). Words are never removed: a stale one only offers an alternative that
 * matches nothing.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text().primaryKey(),
  },
  (t) => [
    index("search_words_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
    index("search_words_word_pattern_idx").on(t.word.op("text_pattern_ops")),
  ],
);

/**
 * The extracted text of a file in passages of about 2,000 characters: a match inside a document is
 * found, ranked and highlighted per passage, so a result shows the passage that matched and ts_headline
 * never reads a whole document. The weighted tsvector column `search_vector` (generated) and its GIN
 * index are in migration 0017_search_indexes.
 */
export const fileTextChunks = pgTable(
  "file_text_chunks",
  {
    fileId: cascadingRef(() => files.id),
    position: integer().notNull(),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.fileId, t.position] })],
);
