import { z } from "zod";
import { text } from "@/lib/validation/text";
import { dateOnly } from "@/lib/validation/dates";
import { SEARCH_KINDS } from "./types";

/**
 * GET /api/v1/search and the /search page: `q` (any text; cleaned, not refused: cleanQuery/parseQuery below),
 * `kind` (one of SEARCH_KINDS, or none for every kind), `page` (1..500), `from` / `to` dates.
 * Text longer than the query limit is cut, not refused: a pasted paragraph still searches its start.
 */
export const searchQuerySchema = z.object({
  q: text()
    .optional()
    .transform((s) => (s ?? "").slice(0, MAX_QUERY_CHARS * 4)),
  kind: z.enum(SEARCH_KINDS, { message: `Choose one of: ${SEARCH_KINDS.join(", ")}.` }).optional(),
  page: z.coerce
    .number({ message: "The page must be a number." })
    .int("The page must be a whole number.")
    .min(1)
    .max(500)
    .optional(),
  from: dateOnly("The from date").optional(),
  to: dateOnly("The to date").optional(),
  /** `1`: the suggestions of the header box (a few per kind) instead of a results page. */
  suggest: z.enum(["0", "1"]).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * The user's search text as safe search terms (pure; no database). The raw text never reaches SQL:
 * it is cut to MAX_QUERY_CHARS, stripped of control and format characters (NUL included), and split
 * into words of Unicode letters and digits, which is all a tsquery built from them can contain.
 */

export const MAX_QUERY_CHARS = 200;
const MAX_TOKENS = 8;
const MAX_TOKEN_CHARS = 40;
/** Fewer letters and digits than this in the whole query: nothing is searched. */
export const MIN_QUERY_CHARS = 2;

export type SearchTerms = {
  /** The cleaned text, as shown back to the user (the search box, the page heading). */
  text: string;
  /** Lower-case words of letters and digits, at most MAX_TOKENS. */
  tokens: string[];
};

/** Removes control and format characters (C0, C1, NUL, bidi overrides), collapses white space, caps the length. */
export function cleanQuery(raw: unknown): string {
  const s = typeof raw === "string" ? raw : "";
  return s
    .slice(0, MAX_QUERY_CHARS * 4)
    .normalize("NFKC")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_QUERY_CHARS);
}

/** The search terms of a query; `tokens` is empty when there is nothing to search (too short, only punctuation). */
export function parseQuery(raw: unknown): SearchTerms {
  const text = cleanQuery(raw);
  const words = (text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [])
    .map((w) => w.replace(/\p{M}/gu, ""))
    .filter(Boolean);
  const seen = new Set<string>();
  const tokens: string[] = [];
  for (const w of words) {
    const t = w.slice(0, MAX_TOKEN_CHARS);
    if (seen.has(t)) continue;
    seen.add(t);
    tokens.push(t);
    if (tokens.length === MAX_TOKENS) break;
  }
  if (tokens.join("").length < MIN_QUERY_CHARS) return { text, tokens: [] };
  return { text, tokens };
}

/**
 * The to_tsquery text: every word must match (any order); the last one also as a prefix (it may be
 * half typed); a word may instead match one of its `alternatives` (close words for a typo). Words are
 * letters and digits only, so they need no quoting; each is still quoted, which keeps the tsquery syntax
 * out of reach whatever a future tokenizer lets through.
 */
export function toTsQueryText(
  tokens: readonly string[],
  alternatives: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  return tokens
    .map((t, i) => {
      const last = i === tokens.length - 1;
      const options = [`${quote(t)}${last ? ":*" : ""}`, ...(alternatives.get(t) ?? []).map(quote)];
      return options.length > 1 ? `(${options.join(" | ")})` : options[0];
    })
    .join(" & ");
}

function quote(word: string): string {
  return `'${word.replace(/['\\]/g, "")}'`;
}

/** Words long enough to look up as a typo: 4 letters or more, not a number. */
export function typoCandidates(tokens: readonly string[]): string[] {
  return tokens.filter((t) => t.length >= 4 && !/^\p{N}+$/u.test(t));
}
