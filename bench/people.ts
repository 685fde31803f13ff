import { sql } from "drizzle-orm";
import { openBenchDatabase } from "./lib/embedded";
import { seedDatabase } from "@/lib/db/seed";
import { SEED_PASSWORD, type BenchContext } from "./lib/context";
import { exportMemory, forEachDatabase, percentile, post, report, sample, type ListServer } from "./lib/list-bench";
import { run as runMailBench } from "./mail";

export const description =
  "the user list with 50,000 users: listuser latency and the exports' server memory; 2,000 notification mails through an SMTP outage";

const USERS = 50_000;
const TARGET = { filterP95Ms: 50, lastPageP95Ms: 100, csvMb: 50, xlsxMb: 150 };
/** A surname a fiftieth of the users have: the name filter matches about 1,000 of them. */
const NAME_FILTER = "smith";

const FIRST = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "Karen",
  "Daniel",
  "Lisa",
  "Matthew",
  "Nancy",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "Donald",
  "Ashley",
  "Steven",
  "Kimberly",
  "Paul",
  "Emily",
  "Andrew",
  "Donna",
  "Joshua",
  "Michelle",
  "Kenneth",
  "Carol",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Roberts",
];

/**
 * The people figures (docs/benchmarks.md), on PostgreSQL (when one answers: BENCH_DATABASE_URL, default the local server)
 * and on the embedded database, each with a production server of its own over 50,000 users:
 * - listuser with a name filter ('contains') and a name sort: p95 < 50 ms;
 * - listuser's last page (25 a page, default order): p95 < 100 ms;
 * - the CSV export of all 50,000: the server's memory (resident set of its processes) grows < 50 MB;
 *   the XLSX export: < 150 MB;
 * - 2,000 notification mails with the SMTP server stopped for 30 s in the middle, every one delivered
 *   exactly once (bench/mail.ts's run, on both databases).
 * `BENCH_DB=embedded` or `BENCH_DB=postgres` runs only that one.
 */
export async function run(ctx: BenchContext) {
  const results: Record<string, unknown> = {};
  await forEachDatabase(ctx, "people", seedPeople, async (server) => {
    results[server.label] = await measure(ctx, server);
  });
  results.mail = await runMailBench(ctx);
  return results;
}

async function measure(ctx: BenchContext, { label, base, bearer, pgid }: ListServer) {
  const call = (body: unknown) => post(`${base}/api/v1/listuser`, bearer, body);
  const link = async (format: "csv" | "xlsx") =>
    ((await call({ export_users: format })).json as { content: { web: string } }).content.web;

  const filtered = { filters: { name: NAME_FILTER }, sort: { field: "name", type: "asc" }, perPage: 25 };
  const first = (await call(filtered)).json as { content: { totalRecords: number; row: { last_name: string }[] } };
  if (first.content.row.length !== 25 || !first.content.row.every((r) => r.last_name === "Smith"))
    throw new Error("listuser's name filter did not answer Smiths");
  const total = ((await call({})).json as { content: { totalRecords: number } }).content.totalRecords;
  if (total < USERS) throw new Error(`listuser counts ${total} users, expected at least ${USERS}`);
  const lastPage = Math.ceil(total / 25);

  const filterMs = await sample(() => call(filtered));
  report(
    ctx,
    `${label}: listuser, name filter '${NAME_FILTER}' (${first.content.totalRecords} rows) + name sort`,
    filterMs,
    TARGET.filterP95Ms,
  );
  const lastMs = await sample(async () => {
    const r = await call({ page: lastPage });
    if ((r.json as { content: { row: unknown[] } }).content.row.length === 0) throw new Error("the last page is empty");
    return r;
  });
  report(ctx, `${label}: listuser, last page (page ${lastPage} of 25, ${total} users)`, lastMs, TARGET.lastPageP95Ms);

  const csv = await exportMemory(pgid, base, bearer, "csv", await link("csv"));
  ctx.check(
    `${label}: CSV export of ${total} users, server memory growth (${(csv.bytes / 1e6).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(1)} s)`,
    `${csv.growthMb.toFixed(1)} MB`,
    `< ${TARGET.csvMb} MB`,
    csv.growthMb < TARGET.csvMb,
  );
  const xlsx = await exportMemory(pgid, base, bearer, "xlsx", await link("xlsx"));
  ctx.check(
    `${label}: XLSX export of ${total} users, server memory growth (${(xlsx.bytes / 1e6).toFixed(1)} MB in ${(xlsx.ms / 1000).toFixed(1)} s)`,
    `${xlsx.growthMb.toFixed(1)} MB`,
    `< ${TARGET.xlsxMb} MB`,
    xlsx.growthMb < TARGET.xlsxMb,
  );
  return { filterP95: percentile(filterMs, 95), lastP95: percentile(lastMs, 95), csv, xlsx };
}

/** The demo seed plus 50,000 users spread over the locations and states (one statement, generate_series). */
export async function seedPeople(where: { dataDir?: string; url?: string }) {
  const started = performance.now();
  const handle = await openBenchDatabase(where);
  try {
    const db = handle.db;
    await seedDatabase(db, { password: SEED_PASSWORD });
    const list = (names: string[]) => `array[${names.map((n) => `'${n}'`).join(",")}]`;
    await db.execute(
      sql.raw(`WITH l AS (SELECT array_agg(id ORDER BY id) a FROM locations), s AS (SELECT array_agg(id ORDER BY id) a FROM states)
        INSERT INTO users (username, email, first_name, last_name, role_id, emp_id, phone, state_id, location_id, department_id)
        SELECT 'bench.user' || g, 'bench.user' || g || '@example.com', (${list(FIRST)})[1 + (g / ${LAST.length}) % ${FIRST.length}],
          (${list(LAST)})[1 + g % ${LAST.length}], 3, 'E' || (100000 + g), '555' || lpad(g::text, 7, '0'),
          s.a[1 + g % cardinality(s.a)], l.a[1 + g % cardinality(l.a)], 5
        FROM generate_series(1, ${USERS}) g, l, s
        ON CONFLICT DO NOTHING`),
    );
    // VACUUM too: the embedded server's autovacuum (lib/db/autovacuum.ts) would otherwise do it during the measurements.
    await db.execute(sql.raw("VACUUM ANALYZE users"));
    console.log(`  seed: ${USERS} users (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await handle.close();
  }
}
