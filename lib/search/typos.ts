import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { readWithKeptPlans } from "@/lib/db/prepared";
import type { SessionUser } from "@/lib/auth/session";
import { parseQuery, toTsQueryText, typoCandidates } from "./schemas";
import { SEARCH_KINDS, type KindPage } from "./types";
import { parseTsQuery } from "./plan";
import { searchTableStats } from "./stats";
import { SEARCH_VECTOR_TABLES } from "./vectors";
import { SEARCH_SETTINGS, sourceHits, sourceMatches, textArray, viewerOf, type Ctx, type Viewer } from "./engine";
import { KINDS } from "./kinds";

/**
 * Typo forgiveness: a word found in no title is looked up by trigram similarity in the typo lexicon
 * (`search_words`), and the search runs with its close words (withTypoForgiveness).
 */

/** A search to run: its tsquery text and its viewer. */
export type Prepared = { tsq: string; viewer: Viewer };

/** Close words the lexicon may offer for one typo, before the viewer's are kept. */
const CLOSE_WORD_POOL = 10;
/** Close words a typo is searched with. */
const CLOSE_WORDS_PER_TYPO = 3;

/**
 * Close words of `qw.tok` (a query's word) from the typo lexicon, by trigram similarity (pg_trgm `%`, its index), as JSON:
 * the CLOSE_WORD_POOL closest, of which the viewer's are kept (closeWordsSeenBy).
 */
const CLOSE_WORDS = sql`(select array_to_json(array_agg(w.word))::text from (
    select s.word from search_words s where s.word % qw.tok and s.word <> qw.tok order by similarity(s.word, qw.tok) desc, s.word limit ${sql.raw(String(CLOSE_WORD_POOL))}) w)`;

/** CLOSE_WORDS' answer; only words of letters and digits join the tsquery (the lexicon's words are split the same way). */
function closeWordsOf(json: string | null): string[] {
  return ((json ? JSON.parse(json) : []) as string[]).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
}

/**
 * The words of a query that the search may not take as typed, with their close words, say nothing about
 * what the viewer may not see (docs/features/search.md). The typo lexicon (`search_words`) and the search
 * columns' indexes hold the words of every post, hidden ones included; a staff user asking for a word
 * that only a post of another location holds would otherwise learn that it exists (no close words for
 * it, and no results: the word 'is known'), and a close word taken from a hidden post would crowd out
 * the visible ones. So a word counts as known, and a close word is offered, only when it matches
 * something the viewer may open: the same kinds' sources, with the same visibility rules in their
 * WHERE (lib/content/visibility.ts for posts and attachments), as the results.
 */
async function seenBy(db: Db, viewer: Viewer, queries: readonly string[]): Promise<boolean[]> {
  if (!queries.length) return [];
  const normalized = rowsOf<{ q: string | null }>(
    await db.execute(
      sql`select to_tsquery('english'::regconfig, c.q)::text as q from unnest(${textArray(queries)}) with ordinality as c(q, n) order by c.n`,
    ),
  ).map((r) => r.q ?? "");
  const stats = await searchTableStats(db);
  const statements = normalized.map((tsq) => {
    // A stop word ('with') is not a word the search reads: it matches nothing, for anyone.
    if (!tsq) return sql`select 1 as seen where false`;
    const ctx: Ctx = { tsq, terms: parseTsQuery(tsq), stats, viewer, filters: {}, limit: 1, offset: 0, candidates: 1 };
    const sources = SEARCH_KINDS.flatMap((kind) => KINDS[kind].sources(ctx) ?? []);
    if (!sources.length) return sql`select 1 as seen where false`;
    return sql`select 1 as seen where ${sql.join(
      sources.map((source) => sql`exists ${sourceHits(ctx, source)}`),
      sql` or `,
    )}`;
  });
  const answers = await readWithKeptPlans<{ seen: number }>(db, SEARCH_SETTINGS, statements);
  return answers.map((rows) => rows.length > 0);
}

/**
 * Each typo's close words (`pools`: the lexicon's, closest first) that match something the viewer may
 * see, at most CLOSE_WORDS_PER_TYPO.
 */
async function closeWordsSeenBy(
  db: Db,
  viewer: Viewer,
  pools: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, string[]>> {
  const words = [...new Set([...pools.values()].flat())];
  const seen = await seenBy(
    db,
    viewer,
    words.map((w) => `'${w}'`),
  );
  const visible = new Set(words.filter((_, i) => seen[i]));
  return new Map(
    [...pools].map(([tok, pool]) => [tok, pool.filter((w) => visible.has(w)).slice(0, CLOSE_WORDS_PER_TYPO)]),
  );
}

/**
 * The query's words that are found nowhere the viewer may look (in no source of any kind, with the same
 * visibility rules in their WHERE as the results; as the search would read them: the last word as a
 * prefix), with the pool of close words each from the typo lexicon. Only words long enough to be typos
 * are looked at (typoCandidates); the close words are the viewer's (closeWordsSeenBy). One statement,
 * in the search's settings:
 * - a stop word ('with') is not a word the search reads, so not a typo;
 * - a word among a table's most common lexemes (pg_stats, as ANALYZE recorded them) is known at once:
 *   its index would return hundreds of thousands of rows just to say it exists (one the viewer may not
 *   see is then forgiven after the search as typed finds nothing: withTypoForgiveness);
 * - any other word is looked up in each of the viewer's sources, through its index, which for a rare
 *   word costs little. Looking in every source instead, hidden posts included, answered at once for a
 *   word of a hidden post only and after a search for one found nowhere: a difference in time.
 */
async function wordsFoundNowhere(db: Db, viewer: Viewer, tokens: string[]): Promise<Map<string, string[]>> {
  const candidates = typoCandidates(tokens);
  const out = new Map<string, string[]>();
  if (!candidates.length) return out;
  const last = tokens[tokens.length - 1];
  const queries = candidates.map((t) => `'${t}'${t === last ? ":*" : ""}`);
  // The sources do not depend on the query: any tsq reads them.
  const ctx: Ctx = {
    tsq: "",
    terms: null,
    stats: await searchTableStats(db),
    viewer,
    filters: {},
    limit: 1,
    offset: 0,
    candidates: 1,
  };
  const inSight = sql.join(
    SEARCH_KINDS.flatMap((kind) => KINDS[kind].sources(ctx) ?? []).map(
      (s) =>
        sql`when exists (select 1 from ${sql.raw(`${s.table} ${s.alias}`)} ${s.join ?? sql``} where ${sourceMatches(s, sql`qw.q`)}) then false`,
    ),
    sql`\n`,
  );
  const [rows] = await readWithKeptPlans<{ tok: string; words: string | null }>(db, SEARCH_SETTINGS, [
    sql`
        select qw.tok, ${CLOSE_WORDS} as words
        from (select c.tok, to_tsquery('english'::regconfig, c.q) as q from unnest(${textArray(candidates)}, ${textArray(queries)}) as c(tok, q)) qw
        where case
          when numnode(qw.q) = 0 then false
          when exists (select 1 from pg_stats s where s.schemaname = current_schema() and s.attname = 'search_vector' and s.tablename = any(${textArray(SEARCH_VECTOR_TABLES)})
            and array_to_tsvector(s.most_common_elems::text::text[]) @@ qw.q) then false
          ${inSight}
          else true end`,
  ]);
  for (const r of rows) out.set(r.tok, closeWordsOf(r.words));
  return out;
}

/**
 * The typo-length words of `words` (`tokens`' words) that match nothing the viewer may see, as the
 * search reads them (the last word of `tokens` as a prefix, maybe half typed), with their pools of
 * close words from the typo lexicon (closeWordsSeenBy keeps the viewer's). A word the viewer may see is
 * taken as typed.
 */
async function unseenWords(db: Db, viewer: Viewer, tokens: string[], words: string[]): Promise<Map<string, string[]>> {
  if (!words.length) return new Map();
  const last = tokens[tokens.length - 1];
  const seen = await seenBy(
    db,
    viewer,
    words.map((t) => `'${t}'${t === last ? ":*" : ""}`),
  );
  const unseen = words.filter((_, i) => !seen[i]);
  if (!unseen.length) return new Map();
  const rows = rowsOf<{ tok: string; words: string | null }>(
    await db.execute(sql`select qw.tok, ${CLOSE_WORDS} as words from unnest(${textArray(unseen)}) as qw(tok)`),
  );
  return new Map(rows.map((r) => [r.tok, closeWordsOf(r.words)]));
}

/**
 * Forgives one typo per word. A word found nowhere the viewer may look (wordsFoundNowhere) would make
 * the search as typed find nothing, so the search runs at once with that word or its close words. Otherwise it runs as
 * typed, and only when that finds nothing in any kind asked for (the words exist, but not together or
 * not where the viewer may look) does it look up close words for the words that match nothing the
 * viewer may see (unseenWords) and search again with them. Close words are only words the viewer
 * may see (closeWordsSeenBy): what the search answers depends on nothing the viewer may not open.
 */
export async function withTypoForgiveness(
  db: Db,
  q: unknown,
  user: SessionUser,
  pages: (prepared: Prepared) => Promise<KindPage[]>,
): Promise<KindPage[]> {
  const { tokens } = parseQuery(q);
  if (!tokens.length) return [];
  const viewer = await viewerOf(user);
  const nowhere = await wordsFoundNowhere(db, viewer, tokens);
  const candidates = typoCandidates(tokens);
  if (nowhere.size) {
    // The other words too, when they match nothing the viewer may see: a word only a hidden post holds
    // is forgiven like one found nowhere, or its being 'known' would tell that it exists.
    const others = await unseenWords(
      db,
      viewer,
      tokens,
      candidates.filter((t) => !nowhere.has(t)),
    );
    const close = await closeWordsSeenBy(db, viewer, new Map([...nowhere, ...others]));
    return pages({ tsq: toTsQueryText(tokens, close), viewer });
  }
  const asTyped = await pages({ tsq: toTsQueryText(tokens), viewer });
  if (asTyped.some((p) => p.total > 0) || !candidates.length) return asTyped;
  const close = await closeWordsSeenBy(db, viewer, await unseenWords(db, viewer, tokens, candidates));
  const alternatives = new Map([...close].filter(([, words]) => words.length));
  if (![...alternatives.values()].some((a) => a.length)) return asTyped;
  return pages({ tsq: toTsQueryText(tokens, alternatives), viewer });
}
