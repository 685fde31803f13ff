/**
 * How a search reads a table's matches (pure; no database). A full-text match can be read two ways:
 * - the GIN index: cheap for a rare word, but the index returns every match at once, so a word in
 *   half of a million posts costs its whole posting list (about 0.3 µs a row: 120 ms for 'inspection'
 *   over the bench's million posts) before the first candidate is ranked;
 * - the newest rows, in primary-key order, tested one by one until enough match: cheap for a common
 *   word (a few thousand rows), ruinous for a rare one (the whole table).
 * PostgreSQL's planner chooses between them from the column's statistics, but for a prefix ('war:*',
 * every query's last word) it falls back to a fixed 2% guess whenever fewer than 100 words are common
 * enough to be tracked, and under a LIMIT that guess made it walk a whole table for a rare word (1.2 s
 * at a million posts). So the search decides itself, from the same statistics (pg_stats' most common
 * elements, lib/search/stats.ts) read with the query's own words, and bounds a wrong guess: the newest
 * rows are read up to a budget, and the index is read after them only when they fell short.
 */

/** One lexeme of a query: a word stem, and whether it is matched as a prefix ('war:*'). */
export type Lexeme = { lexeme: string; prefix: boolean };
/** A term matches when any of its lexemes does (a word and its close words); every term must match. */
export type Term = Lexeme[];

/** What ANALYZE recorded for a table's search column: its rows and its most common lexemes' frequencies. */
export type TableStats = {
  rows: number;
  /** Fraction of rows holding each tracked lexeme. */
  freqs: ReadonlyMap<string, number>;
  /** The least frequency among the tracked lexemes. */
  minFreq: number;
};

/**
 * The frequency assumed for a lexeme ANALYZE did not track. ANALYZE keeps every lexeme seen in more
 * than about 0.1% of its sample, so one it left out is rarer than that (or than half the least tracked
 * one, PostgreSQL's own assumption, whichever is smaller).
 */
export const UNTRACKED_FREQ = 0.001;

/** Measured costs, in µs (PostgreSQL 15, a million posts; bench/search.ts): testing one row read in primary-key order against the query, */
const ROW_TEST_US = 2;
/** one entry of a GIN index's posting lists, */
const INDEX_ENTRY_US = 0.27;
/** and fetching and testing one row the index returned. */
const INDEX_ROW_US = 3.5;
/** The newest-rows read stops after this many rows, however common the words look. */
export const MAX_NEWEST_ROWS = 20_000;
/** Rows read beyond what the estimate says is needed (the estimate assumes matches are spread evenly). */
const NEWEST_MARGIN = 3;

/**
 * The terms of a normalized tsquery (`to_tsquery('english', ...)::text`, e.g.
 * `( 'warrenti' | 'warranti' ) & 'claim':*`): an AND of terms, each a lexeme or an OR of lexemes.
 * Null for anything else (the caller then reads the index, as PostgreSQL would).
 */
export function parseTsQuery(text: string): Term[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const terms: Term[] = [];
  for (const part of trimmed.split(" & ")) {
    const inner = part.trim().replace(/^\(\s*(.*?)\s*\)$/, "$1");
    const lexemes: Lexeme[] = [];
    for (const option of inner.split(" | ")) {
      const m = /^'([^'\\]+)'(:\*)?$/.exec(option.trim());
      if (!m) return null;
      lexemes.push({ lexeme: m[1], prefix: !!m[2] });
    }
    terms.push(lexemes);
  }
  return terms;
}

/** A term as tsquery input (its lexemes as they are, already stemmed): `'warrenti' | 'claim':*`. */
export function termText(term: Term): string {
  return term.map((l) => `'${l.lexeme}'${l.prefix ? ":*" : ""}`).join(" | ");
}

function untracked(stats: TableStats): number {
  return Math.min(stats.minFreq / 2, UNTRACKED_FREQ);
}

/** The fraction of rows a term matches (its lexemes' frequencies added, a prefix's every tracked lexeme). */
export function termFreq(stats: TableStats, term: Term): number {
  let sum = 0;
  for (const { lexeme, prefix } of term) {
    let f = 0;
    if (prefix) {
      for (const [word, freq] of stats.freqs) if (word.startsWith(lexeme)) f += freq;
    } else f = stats.freqs.get(lexeme) ?? 0;
    sum += f || untracked(stats);
  }
  return Math.min(1, sum);
}

/**
 * How to read one table's matches for `candidates` of them:
 * - `newest`: test the newest `rows` rows, then read the index only if fewer than `candidates` matched;
 * - `index`: read the index, for `term` only (the rarest: its rows are fetched and tested for the other
 *   terms) or, when `term` is null, for the whole query (the index then intersects every term's rows,
 *   which costs reading each one's entries). Also `index` with the whole query when the table has no
 *   statistics.
 * Each is costed from the terms' frequencies (independent, as PostgreSQL's planner takes them).
 */
export type ReadPlan = { how: "newest"; rows: number; term: Term | null } | { how: "index"; term: Term | null };

export function readPlan(stats: TableStats | undefined, terms: Term[] | null, candidates: number): ReadPlan {
  if (!stats || !terms?.length || stats.rows <= 0) return { how: "index", term: null };
  const freqs = terms.map((t) => termFreq(stats, t));
  const rarest = freqs.indexOf(Math.min(...freqs));
  const matchFreq = freqs.reduce((a, b) => a * b, 1);
  const matches = matchFreq * stats.rows;
  const wholeCost =
    freqs.reduce((sum, f) => sum + f * stats.rows, 0) * INDEX_ENTRY_US + Math.min(matches, candidates) * INDEX_ROW_US;
  const rarestRows = freqs[rarest] * stats.rows;
  const rarestCost =
    rarestRows * INDEX_ENTRY_US + Math.min(rarestRows, candidates / (matchFreq / freqs[rarest])) * INDEX_ROW_US;
  const term = terms.length > 1 && rarestCost < wholeCost ? terms[rarest] : null;
  const newestRows = Math.ceil((candidates / matchFreq) * NEWEST_MARGIN);
  const newestCost = Math.min(newestRows, stats.rows) * ROW_TEST_US;
  if (newestRows <= MAX_NEWEST_ROWS && newestCost < Math.min(wholeCost, rarestCost))
    return { how: "newest", rows: Math.min(newestRows, MAX_NEWEST_ROWS), term };
  return { how: "index", term };
}
