import { z } from "zod";
import { text } from "@/lib/validation/text";
import { MAX_QUERY_CHARS } from "./query";
import { SEARCH_KINDS } from "./types";

const isoDate = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use the date format YYYY-MM-DD.")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), "Use a real date.");

/**
 * GET /api/v1/search and the /search page: `q` (any text; cleaned, not refused: lib/search/query.ts),
 * `kind` (one of SEARCH_KINDS, or none for every kind), `page` (1..500), `from` / `to` dates.
 * Text longer than the query limit is cut, not refused: a pasted paragraph still searches its start.
 */
export const searchQuerySchema = z.object({
  q: text()
    .optional()
    .transform((s) => (s ?? "").slice(0, MAX_QUERY_CHARS * 4)),
  kind: z.enum(SEARCH_KINDS, { message: `Choose one of: ${SEARCH_KINDS.join(", ")}.` }).optional(),
  page: z.coerce.number({ message: "The page must be a number." }).int("The page must be a whole number.").min(1).max(500).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** `1`: the suggestions of the header box (a few per kind) instead of a results page. */
  suggest: z.enum(["0", "1"]).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
