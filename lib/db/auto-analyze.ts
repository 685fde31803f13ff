import { sql } from "drizzle-orm";
import { logger } from "@/lib/log";
import { backgroundLoop } from "@/lib/jobs/background-loop";
import { getDbHandle, type Db } from "./index";
import { rowsOf } from "./rows";

/**
 * ANALYZE for the embedded database, which has no autovacuum: without it the planner's statistics
 * (and the search's, lib/search/stats.ts: its most common words) stay as they were when the tables
 * were nearly empty, and a common word is then read as if it were rare. PostgreSQL's autovacuum
 * analyzes a table once its changes since the last ANALYZE pass 50 rows plus 10% of its rows
 * (autovacuum_analyze_threshold and _scale_factor); this does the same, from the same counts
 * (pg_stat_user_tables), every ANALYZE_MS. ANALYZE reads a sample of at most 30,000 rows, so even a
 * table of a million rows takes well under a second, and the threshold makes that rare.
 */
export const ANALYZE_MS = 60_000;
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;

/** Analyzes the tables of the current schema changed enough since their last ANALYZE; returns their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  const due = rowsOf<{ table: string }>(
    await db.execute(sql`
      select s.relname as table from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema() and s.n_mod_since_analyze > ${THRESHOLD_ROWS} + ${SCALE_FACTOR} * greatest(c.reltuples, 0)
      order by s.relname`),
  ).map((r) => r.table);
  for (const table of due) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return due;
}

const loop = backgroundLoop("auto-analyze");

/** Starts this process's analyzer when the database is the embedded one (PostgreSQL has autovacuum). */
export async function startAutoAnalyze(opts: { intervalMs?: number } = {}): Promise<boolean> {
  const { db, kind } = await getDbHandle();
  if (kind !== "pglite") return false;
  return loop.start({
    intervalMs: opts.intervalMs ?? ANALYZE_MS,
    // Changes made before a restart are analyzed a round after it: the first requests come first.
    firstRoundMs: opts.intervalMs ?? ANALYZE_MS,
    wakeDelayMs: 0,
    round: async () => {
      try {
        const tables = await analyzeChangedTables(db);
        if (tables.length) logger.info({ tables }, "database: analyzed changed tables");
      } catch (err) {
        logger.error({ err }, "database: analyze round failed");
      }
    },
  });
}

export function stopAutoAnalyze(): Promise<void> {
  return loop.stop();
}
