import postgres from "postgres";
import path from "node:path";
import { createRequire } from "node:module";
import { sql } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";
import { logger } from "@/lib/log";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import { SEED_PASSWORD, type BenchContext } from "./lib/context";
import { chooseDatabase } from "./lib/database";
import { openEmbedded } from "./lib/embedded";
import { percentile } from "./lib/list-bench";
import { benchServices } from "./lib/services";
import { seed } from "./requests";

export const description =
  "the approvals inbox (docs/features/requests.md): one approver's first page and the header's count, at 1,000,000 submissions";

/** Submissions across the four forms (BENCH_REQUESTS_ROWS, as bench/requests.ts: 1,000,000 by default). */
const ROWS = Number(process.env.BENCH_REQUESTS_ROWS) || 1_000_000;
/** One submission in WAITING_EVERY still waits for a decision; the others were decided (a portal in use for years). */
const WAITING_EVERY = Number(process.env.BENCH_APPROVALS_WAITING_EVERY) || 50;
const SAMPLES = Number(process.env.BENCH_REQUESTS_SAMPLES) || 50;
const TARGET_P95_MS = 50;

/**
 * The inbox at ROWS submissions (bench/requests.ts's seed: a quarter per form over the department's locations, a
 * tenth overdue), of which one in WAITING_EVERY waits: the manager, mapped as the approver of every form at one
 * location, opens /approvals (listApprovals, first page, every form) and every page asks for the header's count
 * (waitingForMeCount); the administrator's inbox (every location) beside it. p95 of SAMPLES each; target < 50 ms.
 * Small smoke run: `BENCH_REQUESTS_ROWS=20000 npm run bench -- approvals`.
 */
export async function run(ctx: BenchContext) {
  const require = createRequire(import.meta.url);
  const guard = require.resolve("server-only");
  require.cache[guard] = { id: guard, filename: guard, loaded: true, exports: {} } as NodeJS.Module;
  const { listApprovals, waitingForMeCount } = await import("@/lib/requests/approvals");

  const db0 = await chooseDatabase("approvals_bench");
  const handle =
    db0.kind === "postgres"
      ? await openDatabase({ url: db0.url })
      : await openEmbedded(path.join(ctx.tmpDir, "approvals-data"));
  setDbForTesting(handle);
  const level = logger.level;
  logger.level = "error";
  try {
    const db = handle.db;
    await seedDatabase(db, { password: SEED_PASSWORD });
    const t0 = performance.now();
    await seed(db, { waitingEvery: WAITING_EVERY });
    // What autovacuum does after a bulk load in production: the visibility map lets the inbox count from its index.
    if (db0.url) {
      const direct = postgres(db0.url, { max: 1, onnotice: () => {} });
      await direct.unsafe("VACUUM ANALYZE").finally(() => direct.end());
    }
    console.log(
      `  seed: ${ROWS.toLocaleString("en-US")} submissions, one in ${WAITING_EVERY} waiting, in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );

    const { userOf, location: loc } = await benchServices(db);
    const admin = await userOf("admin");
    const manager = await userOf("manager");
    for (const formKey of FORM_KEYS) {
      const [m] = await db
        .insert(schema.formEmailMappings)
        .values({ formKey, locationId: loc.id, toEmails: ["bench@example.com"] })
        .returning({ id: schema.formEmailMappings.id });
      await db.insert(schema.formMappingApprovers).values({ mappingId: m.id, userId: manager.id });
    }

    const time = async (f: () => Promise<unknown>) => {
      const ms: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const s = performance.now();
        await f();
        ms.push(performance.now() - s);
      }
      return percentile(ms, 95);
    };
    const figure = (label: string, p95: number) =>
      ctx.check(`approvals: ${label}, p95`, `${p95.toFixed(1)} ms`, `< ${TARGET_P95_MS} ms`, p95 < TARGET_P95_MS);

    const first = await listApprovals(manager, { page: 1, size: 25 });
    console.log(`  the manager's inbox: ${first.total.toLocaleString("en-US")} waiting at one location`);
    figure(
      `one approver's inbox, first page (${ROWS.toLocaleString("en-US")} submissions)`,
      await time(() => listApprovals(manager, { page: 1, size: 25 })),
    );
    figure(
      "the header's 'Waiting for me' count",
      await time(() => db.execute(sql`select ${waitingForMeCount(manager)} as n`)),
    );
    figure(
      "an administrator's inbox (every location), first page",
      await time(() => listApprovals(admin, { page: 1, size: 25 })),
    );
  } finally {
    logger.level = level;
    setDbForTesting(undefined);
    await handle.close();
    await db0.drop();
  }
}
