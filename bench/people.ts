import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";
import type { BenchContext } from "./lib/context";
import { chooseDatabase, type BenchDb } from "./lib/database";
import { startServer } from "./lib/server";
import { run as runMailBench } from "./mail";

export const description = "the user list with 50,000 users: listuser latency and the exports' server memory; 2,000 notification mails through an SMTP outage (issue 21)";

const USERS = 50_000;
export const SEED_PASSWORD = "demo1234";
const TARGET = { filterP95Ms: 50, lastPageP95Ms: 100, csvMb: 50, xlsxMb: 150 };
const REQUESTS = 100;
/** A surname a fiftieth of the users have: the name filter matches about 1,000 of them. */
const NAME_FILTER = "smith";

const FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Carlos", "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Donald", "Ashley", "Steven", "Kimberly", "Paul", "Emily", "Andrew", "Donna", "Joshua", "Michelle", "Kenneth", "Carol"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts"];

/**
 * Issue 21's figures, on PostgreSQL (when one answers: BENCH_DATABASE_URL, default the local server)
 * and on the embedded database, each with a production server of its own over 50,000 users:
 * - listuser with a name filter ('contains') and a name sort: p95 < 50 ms;
 * - listuser's last page (25 a page, default order): p95 < 100 ms;
 * - the CSV export of all 50,000: the server's memory (resident set of its processes) grows < 50 MB;
 *   the XLSX export: < 150 MB;
 * - 2,000 notification mails with the SMTP server stopped for 30 s in the middle, every one delivered
 *   exactly once (bench/mail.ts's run, on both databases).
 * `BENCH_DB=pglite` or `BENCH_DB=postgres` runs only that one.
 */
export async function run(ctx: BenchContext) {
  const results: Record<string, unknown> = {};
  const kinds = process.env.BENCH_DB ? [process.env.BENCH_DB] : ["postgres", "pglite"];
  for (const kind of kinds) {
    const db: BenchDb = kind === "pglite" ? { kind: "pglite", drop: async () => {} } : await chooseDatabase("people_bench");
    if (kind === "postgres" && db.kind !== "postgres") {
      console.log("  PostgreSQL does not answer: skipped");
      continue;
    }
    try {
      results[db.kind] = await measure(ctx, db);
    } finally {
      await db.drop();
    }
  }
  results.mail = await runMailBench(ctx);
  return results;
}

async function measure(ctx: BenchContext, db: BenchDb) {
  const label = db.kind === "postgres" ? "PostgreSQL" : "embedded";
  const dataDir = path.join(ctx.tmpDir, `people-data-${db.kind}`);
  console.log(`  database: ${label}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
  await seedPeople(db.kind === "postgres" ? { url: db.url } : { dataDir });
  const port = ctx.port();
  const server = await startServer({
    port,
    dataDir,
    logFile: ctx.logFile,
    readyPath: "/api/health",
    env: { AUTH_SECRET: ctx.authSecret, SEED_PASSWORD, AUTH_URL: `http://127.0.0.1:${port}`, DATABASE_URL: db.url ?? "" },
  });
  try {
    const base = server.baseUrl;
    const bearer = await login(base);
    const call = (body: unknown) => post(`${base}/api/v1/listuser`, bearer, body);

    const filtered = { filters: { name: NAME_FILTER }, sort: { field: "name", type: "asc" }, perPage: 25 };
    const first = (await call(filtered)).json as { content: { totalRecords: number; row: { last_name: string }[] } };
    if (first.content.row.length !== 25 || !first.content.row.every((r) => r.last_name === "Smith")) throw new Error("listuser's name filter did not answer Smiths");
    const total = ((await call({})).json as { content: { totalRecords: number } }).content.totalRecords;
    if (total < USERS) throw new Error(`listuser counts ${total} users, expected at least ${USERS}`);
    const lastPage = Math.ceil(total / 25);

    const filterMs = await sample(() => call(filtered));
    report(ctx, `${label}: listuser, name filter '${NAME_FILTER}' (${first.content.totalRecords} rows) + name sort`, filterMs, TARGET.filterP95Ms);
    const lastMs = await sample(async () => {
      const r = await call({ page: lastPage });
      if ((r.json as { content: { row: unknown[] } }).content.row.length === 0) throw new Error("the last page is empty");
      return r;
    });
    report(ctx, `${label}: listuser, last page (page ${lastPage} of 25, ${total} users)`, lastMs, TARGET.lastPageP95Ms);

    const csv = await exportMemory(server.child.pid!, base, bearer, "csv");
    ctx.check(`${label}: CSV export of ${total} users, server memory growth (${(csv.bytes / 1e6).toFixed(1)} MB in ${(csv.ms / 1000).toFixed(1)} s)`, `${csv.growthMb.toFixed(1)} MB`, `< ${TARGET.csvMb} MB`, csv.growthMb < TARGET.csvMb);
    const xlsx = await exportMemory(server.child.pid!, base, bearer, "xlsx");
    ctx.check(`${label}: XLSX export of ${total} users, server memory growth (${(xlsx.bytes / 1e6).toFixed(1)} MB in ${(xlsx.ms / 1000).toFixed(1)} s)`, `${xlsx.growthMb.toFixed(1)} MB`, `< ${TARGET.xlsxMb} MB`, xlsx.growthMb < TARGET.xlsxMb);
    return { filterP95: percentile(filterMs, 95), lastP95: percentile(lastMs, 95), csv, xlsx };
  } finally {
    await server.stop();
  }
}

export function report(ctx: BenchContext, label: string, ms: number[], target: number) {
  const p95 = percentile(ms, 95);
  console.log(`  ${label}: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  ctx.check(`${label} p95`, `${p95.toFixed(1)} ms`, `< ${target} ms`, p95 < target);
}

export async function sample(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 10; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  return ms;
}

/** Resident memory of every process in the server's process group, bytes (Linux /proc). */
export function groupRss(pgid: number): number {
  let total = 0;
  for (const pid of fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid) total += Number(f[21]) * 4096;
    } catch {
      /* exited meanwhile */
    }
  }
  return total;
}

/**
 * Downloads an export (of every user, or the link `linkFor` asks for), sampling the server's memory
 * every 20 ms: peak minus the level before.
 */
export async function exportMemory(pgid: number, base: string, bearer: string, format: "csv" | "xlsx", linkFor?: () => Promise<string>) {
  const link = linkFor ? await linkFor() : ((await post(`${base}/api/v1/listuser`, bearer, { export_users: format })).json as { content: { web: string } }).content.web;
  const before = groupRss(pgid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, groupRss(pgid))), 20);
  const started = performance.now();
  let bytes = 0;
  try {
    const res = await fetch(link.replace(/^https?:\/\/[^/]+/, base), { headers: { authorization: bearer } });
    if (res.status !== 200 || !res.body) throw new Error(`the ${format} export answered ${res.status}`);
    const reader = res.body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, groupRss(pgid));
  return { bytes, ms: performance.now() - started, growthMb: (peak - before) / 1e6 };
}

export async function post(url: string, bearer: string, body: unknown) {
  const res = await fetch(url, { method: "POST", headers: { authorization: bearer, "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  return { status: res.status, json };
}

export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password: SEED_PASSWORD }) });
  const body = (await res.json()) as { content?: { api_token?: string }; message?: string };
  if (res.status !== 200 || !body.content?.api_token) throw new Error(`POST /api/v1/login answered ${res.status}: ${body.message}`);
  return `Bearer ${body.content.api_token}`;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The demo seed plus 50,000 users spread over the locations and states (one statement, generate_series). */
export async function seedPeople(where: { dataDir?: string; url?: string }) {
  const started = performance.now();
  const handle = await openDatabase(where);
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
    await db.execute(sql.raw("ANALYZE users"));
    console.log(`  seed: ${USERS} users (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } finally {
    await handle.close();
  }
}
