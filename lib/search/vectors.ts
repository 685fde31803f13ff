import "server-only";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import { STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";

/**
 * The tables whose rows the portal search matches by full text. Each keeps its weighted tsvector in a
 * STORED generated column `search_vector` with a GIN index (migration 0018_search_vectors; the
 * document passages' since 0016): the queries name the column, so the planner needs no expression
 * matching and ranking reads the stored vector instead of parsing the text again.
 *
 * Weights: A title or name, B body, position or file name, C comments, contacts and document text.
 * One configuration everywhere ('english': stems, drops stop words) so a query matches every kind alike.
 */
export const SEARCH_VECTOR_TABLES: readonly string[] = [
  "posts",
  "comments",
  "attachments",
  "content_documents",
  "file_text_chunks",
  "save_the_dates",
  "calendar_events",
  "users",
  "locations",
  // every registered staff form's table (lib/forms/registry-server.ts)
  ...FORM_KEYS.map((key) => STAFF_FORM_REGISTRATIONS[key].tableName),
];

/** The text search configuration of every vector and query. */
export const TS_CONFIG = "english";
