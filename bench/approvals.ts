import { eq, sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import type { BenchContext } from "./lib/context";
import { withServiceDatabase } from "./lib/services";
import { mean, percentile } from "./lib/list-bench";
import { seed } from "./requests";

export const description =
  "the approvers' inbox: /approvals' list for one approver, and for an administrator, at 1,000,000 submissions";

/** Submissions across the forms (BENCH_APPROVALS_ROWS; default 1,000,000). */
const ROWS = Number(process.env.BENCH_APPROVALS_ROWS) || 1_000_000;
/** One in OPEN_EVERY submissions still waits for a decision; the rest were decided (a dealership's history). */
const OPEN_EVERY = Number(process.env.BENCH_APPROVALS_OPEN_EVERY) || 20;
const SAMPLES = Number(process.env.BENCH_APPROVALS_SAMPLES) || 50;
const ROUNDS = Number(process.env.BENCH_APPROVALS_ROUNDS) || 3;
const TARGET_P95_MS = 50;

/**
 * The inbox's figure (docs/benchmarks.md), in this process against a database of its own (PostgreSQL at BENCH_DATABASE_URL, the
 * default; dropped afterwards): ROWS submissions over the four locations (bench/requests.ts's seed), one in
 * OPEN_EVERY waiting, the others approved; the seeded manager is mapped approver of every form at one
 * location. ROUNDS interleaved rounds of SAMPLES calls each of listApprovals (the page's and the v1 call's
 * query): the manager's first page, the manager's page filtered by a form, and the administrator's first
 * page (every location). A figure is the mean of the rounds' p95; the manager's is the target: < 50 ms.
 * Small smoke run: `BENCH_APPROVALS_ROWS=20000 npm run bench -- approvals`.
 */
export async function run(ctx: BenchContext) {
  await withServiceDatabase(ctx, "approvals_bench", async (db, userOf) => {
    const { listApprovals } = await import("@/lib/requests/queries");
    const t0 = performance.now();
    await seed(db, ROWS, (g) => `CASE WHEN (${g} / 4) % ${OPEN_EVERY} = 0 THEN 'submitted' ELSE 'approved' END`);
    console.log(
      `  seed: ${ROWS.toLocaleString("en-US")} submissions (1 in ${OPEN_EVERY} waiting) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );

    const admin = await userOf("admin");
    const manager = await userOf("manager");
    const [loc] = await db
      .select({ id: schema.locations.id })
      .from(schema.locations)
      .where(eq(schema.locations.departmentId, 5))
      .orderBy(schema.locations.id)
      .limit(1);
    for (const formKey of FORM_KEYS) {
      const [m] = await db
        .insert(schema.formEmailMappings)
        .values({ formKey, locationId: loc.id, toEmails: ["bench@example.com"] })
        .returning({ id: schema.formEmailMappings.id });
      await db.insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: manager.id });
    }
    await db.execute(sql`analyze`);

    const cases = [
      {
        label: "one approver (1 location, every form), first page",
        run: () => listApprovals(manager, { page: 1, size: 25 }),
      },
      {
        label: "one approver, filtered by form (RO reversal)",
        run: () => listApprovals(manager, { form: "ro_reversal", page: 1, size: 25 }),
      },
      {
        label: "an administrator (every location), first page",
        run: () => listApprovals(admin, { page: 1, size: 25 }),
      },
    ];
    const totals = await Promise.all(cases.map(async (c) => (await c.run()).total));
    const p95s: number[][] = cases.map(() => []);
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, c] of cases.entries()) {
        const ms: number[] = [];
        for (let n = 0; n < SAMPLES; n++) {
          const s = performance.now();
          await c.run();
          ms.push(performance.now() - s);
        }
        p95s[i].push(percentile(ms, 95));
      }
    }
    for (const [i, c] of cases.entries()) {
      const p95 = mean(p95s[i]);
      ctx.check(
        `approvals: ${c.label} (${totals[i].toLocaleString("en-US")} waiting of ${ROWS.toLocaleString("en-US")}), p95 (mean of ${ROUNDS} rounds)`,
        `${p95.toFixed(1)} ms`,
        `< ${TARGET_P95_MS} ms`,
        p95 < TARGET_P95_MS,
      );
    }
  });
}
