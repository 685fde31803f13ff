import { sql } from "drizzle-orm";
import { logger } from "@/lib/log";
import { backgroundLoop } from "@/lib/jobs/background-loop";
import { getDbHandle, type Db } from "./index";
import { rowsOf } from "./rows";

/**
 * Autovacuum for the embedded database, which has none. Without ANALYZE the planner's statistics (and
 * the search's, lib/search/stats.ts: its most common words) stay as they were when the tables were
 * nearly empty, and a common word is then read as if it were rare; without VACUUM the rows that
 * updates and deletes leave behind are never reclaimed, so tables and indexes only grow.
 *
 * Every ROUND_MS it does what PostgreSQL's autovacuum does with its default settings, from the same
 * counts (pg_stat_user_tables): a table is vacuumed once its dead rows pass 50 plus 20% of its rows,
 * or its rows inserted since the last VACUUM pass 1,000 plus 20%; it is analyzed once its rows changed
 * since the last ANALYZE pass 50 plus 10%. The embedded database answers one statement at a time, so
 * the rare round that has work holds requests meanwhile: ANALYZE reads a sample of at most 30,000
 * rows; VACUUM skips the pages already all visible.
 */
export const ROUND_MS = 60_000;
const FIRST_ROUND_MS = 10_000;

export type Maintained = { vacuumed: string[]; analyzed: string[] };

/** Vacuums and analyzes the tables of the current schema that are due (see above). */
export async function maintainTables(db: Db): Promise<Maintained> {
  const due = rowsOf<{ table: string; vacuum: boolean; analyze: boolean }>(
    await db.execute(sql`
      select t.table, t.vacuum, t.analyze from (
        select s.relname as table,
          s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as vacuum,
          s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) as analyze
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema()) t
      where t.vacuum or t.analyze
      order by t.table`),
  );
  const done: Maintained = { vacuumed: [], analyzed: [] };
  for (const { table, vacuum, analyze } of due) {
    const name = sql.identifier(table);
    await db.execute(vacuum ? (analyze ? sql`vacuum (analyze) ${name}` : sql`vacuum ${name}`) : sql`analyze ${name}`);
    if (vacuum) done.vacuumed.push(table);
    if (analyze) done.analyzed.push(table);
  }
  return done;
}

const loop = backgroundLoop("autovacuum");

/** Starts this process's autovacuum when the database is the embedded one (PostgreSQL has its own). */
export async function startAutovacuum(opts: { intervalMs?: number } = {}): Promise<boolean> {
  const { db, kind } = await getDbHandle();
  if (kind !== "pglite") return false;
  return loop.start({
    intervalMs: opts.intervalMs ?? ROUND_MS,
    // What changed before a restart is seen to shortly after it: the first requests come first.
    firstRoundMs: Math.min(opts.intervalMs ?? ROUND_MS, FIRST_ROUND_MS),
    wakeDelayMs: 0,
    round: async () => {
      try {
        const done = await maintainTables(db);
        if (done.vacuumed.length || done.analyzed.length) logger.info(done, "database: vacuumed and analyzed tables");
      } catch (err) {
        logger.error({ err }, "database: autovacuum round failed");
      }
    },
  });
}

export function stopAutovacuum(): Promise<void> {
  return loop.stop();
}
