import path from "node:path";
import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";
import { logger } from "@/lib/log";
import { SEED_PASSWORD, type BenchContext } from "./lib/context";
import { chooseDatabase } from "./lib/database";
import { openEmbedded } from "./lib/embedded";
import { percentile } from "./lib/list-bench";
import { benchServices } from "./lib/services";

export const description =
  "staff requests (docs/features/requests.md): My requests, the Overdue list by location, one decision with its mail, a bulk decision of 500, at 1,000,000 submissions";

/** Submissions across the four forms (BENCH_REQUESTS_ROWS; the figure is 1,000,000, a quarter per form). */
const ROWS = Number(process.env.BENCH_REQUESTS_ROWS) || 1_000_000;
/** Requesters the submissions are spread over (one of them is measured). */
const REQUESTERS = Math.max(10, Math.min(2_000, Math.floor(ROWS / 500)));
const SAMPLES = Number(process.env.BENCH_REQUESTS_SAMPLES) || 50;
const TARGET = { myRequestsP95Ms: 50, overdueListP95Ms: 50, decideP95Ms: 50, bulk500Ms: 2_000 };

/**
 * The staff request figures (docs/benchmarks.md), in this process against a database of its own (PostgreSQL at BENCH_DATABASE_URL,
 * the default; dropped afterwards): ROWS submissions, a quarter per form, over REQUESTERS staff users and
 * the department's locations, a tenth of them overdue;
 * - 'My requests' for one requester (first page, every form): p95 < 50 ms;
 * - the RO reversal list filtered by Overdue and a location: p95 < 50 ms;
 * - deciding one request (row lock, timeline and audit rows, the requester's mail): p95 < 50 ms;
 * - a bulk Approve of 500 requests: < 2 s.
 * Small smoke run: `BENCH_REQUESTS_ROWS=20000 npm run bench -- requests`.
 */
export async function run(ctx: BenchContext) {
  // The services are server-only modules; the bench runs them in Node as the server does (as bench/forms.ts).
  const require = createRequire(import.meta.url);
  const guard = require.resolve("server-only");
  require.cache[guard] = { id: guard, filename: guard, loaded: true, exports: {} } as NodeJS.Module;
  const { listMyRequests } = await import("@/lib/requests/queries");
  const { decide, decideMany } = await import("@/lib/requests/mutations");
  const { roReversalList } = await import("@/lib/forms/ro-reversal/queries");

  const db0 = await chooseDatabase("requests_bench");
  const handle =
    db0.kind === "postgres"
      ? await openDatabase({ url: db0.url })
      : await openEmbedded(path.join(ctx.tmpDir, "requests-data"));
  console.log(`  database: ${db0.kind === "postgres" ? "PostgreSQL" : "the portal's own PostgreSQL"}`);
  setDbForTesting(handle);
  const level = logger.level;
  logger.level = "error";
  try {
    const db = handle.db;
    await seedDatabase(db, { password: SEED_PASSWORD });
    const t0 = performance.now();
    await seed(db);
    console.log(
      `  seed: ${ROWS.toLocaleString("en-US")} submissions in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );

    const { userOf, location: loc } = await benchServices(db);
    const admin = await userOf("admin");
    const requester = await userOf("bench_req_1");

    const time = async (n: number, f: (i: number) => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const s = performance.now();
        await f(i);
        ms.push(performance.now() - s);
      }
      return percentile(ms, 95);
    };

    const my = await time(SAMPLES, () => listMyRequests(requester, { page: 1, size: 25 }));
    ctx.check(
      `requests: My requests, one person (${ROWS.toLocaleString("en-US")} rows), p95`,
      `${my.toFixed(1)} ms`,
      `< ${TARGET.myRequestsP95Ms} ms`,
      my < TARGET.myRequestsP95Ms,
    );

    const state = {
      page: 1,
      size: 25 as const,
      sort: { id: "id", desc: true },
      filters: { overdue: "1", location: String(loc.id) },
    };
    const overdue = await time(SAMPLES, () => roReversalList.list(state, admin));
    ctx.check(
      "requests: RO list filtered by Overdue and location, p95",
      `${overdue.toFixed(1)} ms`,
      `< ${TARGET.overdueListP95Ms} ms`,
      overdue < TARGET.overdueListP95Ms,
    );

    const open = await db
      .select({ id: schema.roReversals.id })
      .from(schema.roReversals)
      .where(eq(schema.roReversals.status, "submitted"))
      .orderBy(schema.roReversals.id)
      .limit(SAMPLES + 500);
    const one = await time(SAMPLES, (i) => decide("ro_reversal", open[i].id, "approve", "bench", admin));
    ctx.check(
      "requests: decide one (timeline, audit, mail queued), p95",
      `${one.toFixed(1)} ms`,
      `< ${TARGET.decideP95Ms} ms`,
      one < TARGET.decideP95Ms,
    );

    const ids = open.slice(SAMPLES, SAMPLES + 500).map((r) => r.id);
    const s = performance.now();
    const bulk = await decideMany("ro_reversal", ids, "approve", "bench bulk", admin);
    const bulkMs = performance.now() - s;
    if (bulk.decided.length !== ids.length) throw new Error(`bulk decided ${bulk.decided.length} of ${ids.length}`);
    ctx.check(
      `requests: bulk approve of ${ids.length}`,
      `${bulkMs.toFixed(0)} ms`,
      `< ${TARGET.bulk500Ms} ms`,
      bulkMs < TARGET.bulk500Ms,
    );
  } finally {
    logger.level = level;
    setDbForTesting(undefined);
    await handle.close();
    await db0.drop();
  }
}

/** REQUESTERS staff users and ROWS submissions (a quarter per form) in set-based inserts; a tenth overdue. */
export async function seed(db: Awaited<ReturnType<typeof openDatabase>>["db"], opts: { waitingEvery?: number } = {}) {
  // Each set-based insert of this size may outlast the portal's statement bound (lib/db/bounds.ts) on a busy machine.
  const exec = (q: string) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql.raw(q));
    });
  await exec(`INSERT INTO users (username, first_name, last_name, email, role_id)
    SELECT 'bench_req_' || g, 'Req', g::text, 'bench_req_' || g || '@example.com', 3 FROM generate_series(1, ${REQUESTERS}) g`);
  const per = Math.floor(ROWS / 4);
  // Every row waits (bench/requests.ts), or one in `waitingEvery` (the rest decided: bench/approvals.ts).
  const waiting = (g: string) =>
    opts.waitingEvery
      ? `(CASE WHEN ${g} % ${opts.waitingEvery} = 0 THEN 'submitted' ELSE 'approved' END)`
      : `'submitted'`;
  // Location and requester by position from two arrays read once (not a subquery per row).
  const common = (
    g: string,
  ) => `l.locs[1 + ${g} % array_length(l.locs, 1)], u.base + (${g} % ${REQUESTERS}), now() - (${g} || ' minutes')::interval,
    CASE WHEN ${g} % 10 = 0 THEN now() - interval '1 hour' ELSE now() + interval '2 days' END,
    ${waiting(g)}::request_status, CASE WHEN ${waiting(g)} = 'submitted' THEN NULL ELSE now() END`;
  const from = `FROM generate_series(1, ${per}) g,
    (SELECT array_agg(id ORDER BY id) AS locs FROM locations WHERE department_id = 5) l,
    (SELECT min(id) AS base FROM users WHERE username LIKE 'bench_req_%') u`;
  await exec(`INSERT INTO ro_reversals (employee_name, date_of_request, full_ra, date_ra_closed, reason, location_id, created_by, status_changed_at, due_at, status, decided_at)
    SELECT 'Emp ' || g, current_date, 'RA-' || g, current_date, 'bench', ${common("g")}  ${from}`);
  await exec(`INSERT INTO tech_times (employee_number, employee_name, employee_email, date, location_id, created_by, status_changed_at, due_at, status, decided_at)
    SELECT 'N' || g, 'Emp ' || g, 'e' || g || '@example.com', current_date, ${common("g")}  ${from}`);
  await exec(`INSERT INTO improvement_suggestions (name, date, location_name, email, location_id, created_by, status_changed_at, due_at, status, decided_at)
    SELECT 'Idea ' || g, current_date, 'Loc', 'e' || g || '@example.com', ${common("g")}  ${from}`);
  await exec(`INSERT INTO uniform_requests (designation_id, location_name, employee_first_name, employee_last_name, new_hire, new_order, re_order, requestor_name, wear_id, sizes, comment, location_id, created_by, status_changed_at, due_at, status, decided_at)
    SELECT 1, 'Loc', 'F' || g, 'L' || g, false, true, false, 'R', 1, 'M', '', ${common("g")}  ${from}`);
  await exec(`ANALYZE`);
}
