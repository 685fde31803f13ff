import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseForScript } from "@/scripts/embedded-db.mjs";
import type { BenchContext } from "./lib/context";
import { SEED_PASSWORD } from "./lib/context";
import { compare, formatRow, machineLoadNote } from "./lib/measure";
import { groupCpuMs, sleep, startServer, type RunningServer } from "./lib/server";

export const description =
  "one engine (docs/architecture.md): cold start on a fresh data folder, the whole portal's idle memory, /{slug} throughput of a process per core against one";

/**
 * The idle size of the portal's single server process on the PGlite default it replaced: main 5482427 (the last
 * commit on PGlite) on this 2-core machine, signed in and after the same pages as below, read the same
 * way (`treeMemory`), mean of two starts: RSS 341 and 381 MB, PSS 305 and 345 MB. `BENCH_OLD_IDLE_PSS_MB`
 * replaces it on another machine. The budget: the whole default portal idles under this plus 150 MB,
 * judged by PSS (a page that n processes share counts 1/n in each: what the machine pays; RSS counts
 * PostgreSQL's shared buffers and the Node binary once per process).
 */
const OLD_SINGLE_PROCESS_IDLE_PSS_MB = Number(process.env.BENCH_OLD_IDLE_PSS_MB) || 325;
const BUDGET_MB = 150;
const COLD_RUNS = 2;

export async function run(ctx: BenchContext) {
  const shared = await ctx.server(); // built, migrated and seeded, the admin's cookie issued
  await ctx.stopServer();
  const env = { AUTH_SECRET: ctx.authSecret, SEED_PASSWORD, LOG_LEVEL: "warn" };
  const cores = os.availableParallelism();

  // 1. Cold start: an empty DATA_DIR (the database created, migrated and seeded) to the first page, build excluded.
  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const port = ctx.port();
    const dataDir = path.join(ctx.tmpDir, `cold-${i}`);
    const s = await startServer({
      port,
      dataDir,
      logFile: ctx.logFile,
      readyPath: "/login",
      args: ["--no-build"],
      env: { ...env, AUTH_URL: `http://127.0.0.1:${port}` },
    });
    cold.push(s.startMs);
    console.log(
      `  cold start ${i + 1}: first page after ${(s.startMs / 1000).toFixed(2)} s (fresh data folder, ${cores} server processes)`,
    );
    await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const worstCold = Math.max(...cold);
  ctx.check(
    "cold npm start on a fresh data folder to the first page (worst of 2, build excluded)",
    `${(worstCold / 1000).toFixed(2)} s`,
    "< 10 s",
    worstCold < 10_000,
  );

  // 2. Idle memory of the whole default portal (launcher, server processes, PostgreSQL and its backends),
  //    after each process has served pages, against one server process.
  const pages = ["/company-news", "/calendar", "/user/list", "/roreversal/list", "/login"]; // /login signed out
  for (const workers of [cores, 1]) {
    const port = ctx.port();
    const s = await startServer({
      port,
      dataDir: ctx.dataDir,
      logFile: ctx.logFile,
      readyPath: "/login",
      args: ["--no-build"],
      env: { ...env, AUTH_URL: `http://127.0.0.1:${port}`, WEB_CONCURRENCY: String(workers) },
    });
    try {
      // Enough rounds that every server process has rendered every page (the cluster hands connections round robin).
      for (let round = 0; round < 6 * workers; round++) {
        for (const p of pages) {
          const res = await fetch(`${s.baseUrl}${p}`, {
            headers: p === "/login" ? {} : { cookie: shared.cookie },
            redirect: "manual",
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
        }
      }
      const idle = await idleTreeMemory(s.child.pid!);
      const label = `idle memory, ${workers} server process${workers > 1 ? "es" : ""} + PostgreSQL (${idle.processes} processes)`;
      const figure = `RSS ${mb(idle.rss)} MB, PSS ${mb(idle.pss)} MB`;
      if (workers === cores) {
        const limit = OLD_SINGLE_PROCESS_IDLE_PSS_MB + BUDGET_MB;
        ctx.check(
          label,
          figure,
          `PSS < ${limit} MB (old single process ${OLD_SINGLE_PROCESS_IDLE_PSS_MB} + ${BUDGET_MB})`,
          idle.pss / 1e6 < limit,
        );
      } else {
        console.log(`  ${label}: ${figure}`);
      }
    } finally {
      await s.stop();
    }
  }

  // 3. Throughput of GET /{slug} (signed in): npm start's processes against one, same build, same database
  //    (the embedded server of the shared data folder, given to both as DATABASE_URL), interleaved rounds.
  const db = await databaseForScript(ctx.dataDir);
  const servers: RunningServer[] = [];
  try {
    const start = async (workers: number) => {
      const port = ctx.port();
      const s = await startServer({
        port,
        dataDir: path.join(ctx.tmpDir, `serve-${workers}`),
        logFile: ctx.logFile,
        readyPath: "/login",
        args: ["--no-build"],
        env: { ...env, AUTH_URL: `http://127.0.0.1:${port}`, DATABASE_URL: db.url, WEB_CONCURRENCY: String(workers) },
      });
      servers.push(s);
      return s;
    };
    const one = await start(1);
    const many = await start(cores);
    const cpuMs = () => {
      const a = groupCpuMs(one.child.pid!);
      const b = groupCpuMs(many.child.pid!);
      return a === null || b === null ? null : a + b;
    };
    const load = (s: RunningServer, label: string) => ({
      label,
      url: `${s.baseUrl}/company-news`,
      headers: { cookie: shared.cookie },
    });
    const r = await compare(
      load(one, "GET /company-news, 1 process"),
      load(many, `GET /company-news, ${cores} processes`),
      cpuMs,
    );
    console.log(`  ${formatRow(r.floor)}`);
    console.log(`  ${formatRow(r.load)}`);
    console.log(`  rounds: ${r.roundRatios.map((x) => x.toFixed(2)).join(", ")}`);
    const note = machineLoadNote();
    if (note) console.log(`  ${note}`);
    ctx.check(
      `/{slug} throughput, npm start (${cores} processes) / one process (mean of rounds)`,
      `${r.ratio.toFixed(2)}x`,
      cores > 1 ? "> 1x: the second core serves" : "1 core: no target",
      cores === 1 || r.ratio > 1,
    );
  } finally {
    for (const s of servers) await s.stop();
    await db.stop();
  }
}

function mb(bytes: number) {
  return Math.round(bytes / 1e6);
}

/** The process and its descendants (by parent pid), Linux /proc. */
function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      parent.set(Number(e), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const found = [root];
  for (let i = 0; i < found.length; i++) for (const [pid, ppid] of parent) if (ppid === found[i]) found.push(pid);
  return found;
}

/**
 * Resident and proportional memory of a process tree (the launcher, its server processes, PostgreSQL's
 * postmaster and backends): PSS counts a page shared by n processes as 1/n in each, so the sum is what the
 * tree costs the machine; RSS counts shared pages once per process.
 */
export function treeMemory(root: number): { rss: number; pss: number; processes: number } {
  let rss = 0;
  let pss = 0;
  const pids = tree(root);
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {
      /* exited meanwhile */
    }
  }
  return { rss, pss, processes: pids.length };
}

/** The tree's memory once it has stopped moving (two readings 500 ms apart within 2 MB, at most 15 s). */
async function idleTreeMemory(root: number) {
  let prev = treeMemory(root);
  for (let i = 0; i < 30; i++) {
    await sleep(500);
    const now = treeMemory(root);
    if (Math.abs(now.rss - prev.rss) < 2e6) return now;
    prev = now;
  }
  return prev;
}
