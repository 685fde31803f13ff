import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { TableStats } from "./plan";
import { SEARCH_VECTOR_TABLES } from "./vectors";

/** How long a process keeps the statistics it read (ANALYZE refreshes them far less often). */
const STATS_TTL_MS = 60_000;

/**
 * What the search reads of ANALYZE's statistics: each search table's (`tables`), and how many rows link
 * documents to each owner (`linked`: `content_documents.post_id`, `.attachment_id`, `.save_the_date_id`
 * and `calendar_event_attachments`), so a kind with few documents starts from them (sourceHits).
 */
export type SearchStats = { tables: ReadonlyMap<string, TableStats>; linked: ReadonlyMap<string, number> };

type Cached = { db: Db; at: number; stats: Promise<SearchStats> };
let cached: Cached | null = null;

/**
 * Each search table's row count and its search column's most common lexemes with their frequencies,
 * as ANALYZE (autovacuum, or the migration) last recorded them.
 * A table missing here has no statistics yet; its matches are read from the index (lib/search/plan.ts).
 */
export function searchTableStats(db: Db): Promise<SearchStats> {
  const now = Date.now();
  if (cached && cached.db === db && (cached.at === Number.POSITIVE_INFINITY || now - cached.at < STATS_TTL_MS))
    return cached.stats;
  const stats = readStats(db);
  cached = { db, at: now, stats };
  // A failed read is not kept: the next search asks again.
  stats.catch(() => {
    if (cached?.stats === stats) cached = null;
  });
  return stats;
}

async function readStats(db: Db): Promise<SearchStats> {
  const [vectors, links] = await Promise.all([
    db.execute(sql`
      select c.relname as table, c.reltuples::float8 as rows,
        array_to_json(s.most_common_elems::text::text[])::text as elems, array_to_json(s.most_common_elem_freqs)::text as freqs
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      join pg_stats s on s.schemaname = n.nspname and s.tablename = c.relname and s.attname = 'search_vector'
      where c.relkind = 'r' and c.relname = any(${`{${SEARCH_VECTOR_TABLES.join(",")}}`}::text[]) and s.most_common_elems is not null`),
    db.execute(sql`
      select c.relname || coalesce('.' || s.attname, '') as link, (c.reltuples * (1 - coalesce(s.null_frac, 0)))::float8 as rows
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
      left join pg_stats s on s.schemaname = n.nspname and s.tablename = c.relname and s.attname in ('post_id', 'attachment_id', 'save_the_date_id')
      where c.relkind = 'r' and c.reltuples >= 0 and (c.relname = 'calendar_event_attachments' or (c.relname = 'content_documents' and s.attname is not null))`),
  ]);
  const tables = new Map<string, TableStats>();
  for (const r of rowsOf<{ table: string; rows: number; elems: string; freqs: string }>(vectors)) {
    const elems = JSON.parse(r.elems) as string[];
    // The frequencies are followed by their minimum, maximum and the null fraction.
    const freqs = (JSON.parse(r.freqs) as number[]).slice(0, elems.length);
    if (!elems.length || freqs.length !== elems.length) continue;
    tables.set(r.table, {
      rows: Number(r.rows),
      freqs: new Map(elems.map((e, i) => [e, freqs[i]])),
      minFreq: Math.min(...freqs),
    });
  }
  const linked = new Map(rowsOf<{ link: string; rows: number }>(links).map((r) => [r.link, Number(r.rows)]));
  return { tables, linked };
}

/** Tests: use these statistics (until forgetSearchTableStats), or forget what was read. */
export function setSearchTableStatsForTesting(db: Db, stats: SearchStats) {
  cached = { db, at: Number.POSITIVE_INFINITY, stats: Promise.resolve(stats) };
}

export function forgetSearchTableStats() {
  cached = null;
}
