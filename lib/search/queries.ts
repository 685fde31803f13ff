import "server-only";
import type { SQL } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { SEARCH_KINDS, type KindPage, type SearchKind } from "./types";
import { searchTableStats } from "./stats";
import { kindSelect, searchStatements, toResult, type Ctx, type SearchFilters } from "./engine";
import { KINDS } from "./kinds";
import { withTypoForgiveness, type Prepared } from "./typos";

/**
 * Portal-wide search (docs/features/search.md): PostgreSQL full-text search over the stored, GIN-indexed
 * `search_vector` columns (lib/search/vectors.ts), the last word as a prefix, a word found in no title
 * looked up by trigram similarity in the typo lexicon (lib/search/typos.ts). Every kind's sources
 * (lib/search/kinds/) carry the viewer's visibility rules in their WHERE: menus by the sidebar's rule
 * (lib/menus listVisibleMenus), inactive events only for the roles that see event status, staff-form
 * records only for the roles that manage them, people as the directory shows them (not deleted,
 * active). Nothing is filtered after the query.
 *
 * One search answers every kind asked for (the header's suggestions, the results page's first
 * results), with each kind's total; lib/search/engine.ts builds and runs each kind's statement.
 */
export const CANDIDATES = 1000;
/** The header box ranks fewer: its few suggestions per kind come from the first SUGGEST_CANDIDATES matches of each source. */
export const SUGGEST_CANDIDATES = 100;
export const PAGE_SIZE = 20;
export const SUGGEST_PER_KIND = 5;

/**
 * The pages of `kinds` (in SEARCH_KINDS order; kinds the viewer may not see left out). A kind whose
 * page is empty is still listed (its total 0); a page past the end reports the total for the pager (a
 * second, rare statement).
 *
 * Each kind is a statement of its own, run side by side (searchStatements): PostgreSQL plans a union
 * of every kind several times slower than the kinds apart (about 25 ms against 1 to 6 ms each,
 * measured, bench/search.ts).
 */
async function runKinds(
  db: Db,
  kinds: readonly SearchKind[],
  prepared: Prepared,
  filters: SearchFilters,
  limit: number,
  offset: number,
  candidates = CANDIDATES,
): Promise<KindPage[]> {
  const stats = await searchTableStats(db);
  const base = { tsq: prepared.tsq, stats, viewer: prepared.viewer, filters, limit, offset, candidates };
  // Each kind's rows arrive in rank order; grouped by kind below.
  const rows = await searchStatements(db, prepared.tsq, (tsq, terms) => {
    const ctx: Ctx = { ...base, tsq, terms };
    return kinds.map((kind) => kindSelect(KINDS[kind], ctx)).filter((s): s is SQL => s !== null);
  });
  return Promise.all(
    kinds.map(async (kind) => {
      const mine = rows.filter((r) => r.kind === kind);
      const total = mine.length
        ? Number(mine[0].total)
        : offset > 0
          ? await countOnly(db, kind, { ...base, limit: 1, offset: 0, candidates: CANDIDATES })
          : 0;
      return {
        kind,
        results: mine.map((r) => toResult(KINDS[kind], r, prepared.viewer)),
        total,
        totalCapped: total >= candidates,
      };
    }),
  );
}

/** A page past the end still reports the total (for the pager). */
async function countOnly(db: Db, kind: SearchKind, base: Omit<Ctx, "terms">): Promise<number> {
  const rows = await searchStatements(db, base.tsq, (tsq, terms) => {
    const statement = kindSelect(KINDS[kind], { ...base, tsq, terms });
    return statement ? [statement] : [];
  });
  return rows.length ? Number(rows[0].total) : 0;
}

/**
 * Suggestions as you type: the best few of every kind the viewer may see, grouped in SEARCH_KINDS
 * order (kinds without results left out). Empty for a query with nothing to search.
 */
export async function suggest({
  q,
  user,
  perKind = SUGGEST_PER_KIND,
}: {
  q: unknown;
  user: SessionUser;
  perKind?: number;
}): Promise<KindPage[]> {
  const db = await getDb();
  const pages = await withTypoForgiveness(db, q, user, (prepared) =>
    runKinds(db, SEARCH_KINDS, prepared, {}, perKind, 0, SUGGEST_CANDIDATES),
  );
  return pages.filter((p) => p.results.length);
}

/** The results page: one kind's page (PAGE_SIZE a page), or, without a kind, every kind's first results. */
export async function searchPage({
  q,
  user,
  kind,
  page = 1,
  filters = {},
}: {
  q: unknown;
  user: SessionUser;
  kind?: SearchKind;
  page?: number;
  filters?: SearchFilters;
}): Promise<KindPage[]> {
  const db = await getDb();
  if (kind)
    return withTypoForgiveness(db, q, user, (prepared) =>
      runKinds(db, [kind], prepared, filters, PAGE_SIZE, (Math.max(1, page) - 1) * PAGE_SIZE),
    );
  const pages = await withTypoForgiveness(db, q, user, (prepared) =>
    runKinds(db, SEARCH_KINDS, prepared, filters, SUGGEST_PER_KIND, 0),
  );
  return pages.filter((p) => p.results.length);
}
