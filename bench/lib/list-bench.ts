import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SEED_PASSWORD, type BenchContext } from "./context";
import { chooseDatabase, type BenchDb } from "./database";
import { ROOT, sleep, startServer } from "./server";

/**
 * What the list benches (people, forms) share: a production server of their own
 * per database over seeded data, the v1 calls, latency samples and the server's memory while an
 * export downloads.
 */

/** Timed requests per latency sample (after 10 untimed ones). */
const REQUESTS = 100;

export type ListServer = { label: string; base: string; bearer: string; pgid: number };

/**
 * Runs `measure` once per database: PostgreSQL (a database of its own named after `prefix`, dropped
 * afterwards; skipped when none answers) and the embedded one; `BENCH_DB=embedded` or `postgres` runs
 * one. Each gets `seed` (while no server holds the data), then a production server of its own, signed
 * in as `admin`.
 */
export async function forEachDatabase(
  ctx: BenchContext,
  prefix: string,
  seed: (where: { dataDir?: string; url?: string }) => Promise<void>,
  measure: (s: ListServer) => Promise<void>,
  opts: { timeoutMs?: number } = {},
) {
  const kinds = process.env.BENCH_DB ? [process.env.BENCH_DB] : ["postgres", "embedded"];
  for (const kind of kinds) {
    const db: BenchDb = kind === "embedded" ? { kind: "embedded", drop: async () => {} } : await chooseDatabase(prefix);
    if (kind === "postgres" && db.kind !== "postgres") {
      console.log("  PostgreSQL does not answer: skipped");
      continue;
    }
    try {
      const label = db.kind === "postgres" ? "PostgreSQL" : "embedded";
      const dataDir = path.join(ctx.tmpDir, `${prefix}-data-${db.kind}`);
      console.log(
        `  database: ${label}, load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(" ")}`,
      );
      await seed(db.kind === "postgres" ? { url: db.url } : { dataDir });
      const port = ctx.port();
      const server = await startServer({
        port,
        dataDir,
        logFile: ctx.logFile,
        readyPath: "/api/health",
        timeoutMs: opts.timeoutMs,
        env: {
          AUTH_SECRET: ctx.authSecret,
          SEED_PASSWORD,
          AUTH_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: db.url ?? "",
          ...memoryTraceEnv(ctx),
        },
      });
      try {
        await measure({ label, base: server.baseUrl, bearer: await login(server.baseUrl), pgid: server.child.pid! });
      } finally {
        await server.stop();
      }
    } finally {
      await db.drop();
    }
  }
}

/**
 * `BENCH_MEMORY_TRACE=1`: the server's processes write process.memoryUsage() (rss, heap, external,
 * array buffers) every 50 ms to `<tmpDir>/memory-<pid>.jsonl` (bench/lib/memory-trace.mjs), to see
 * which part of the memory an export grows. Off by default: the figures are taken without it.
 */
function memoryTraceEnv(ctx: BenchContext): Record<string, string> {
  if (process.env.BENCH_MEMORY_TRACE !== "1") return {};
  const preload = pathToFileURL(path.join(ROOT, "bench", "lib", "memory-trace.mjs")).href;
  console.log(`  memory trace: ${ctx.tmpDir}/memory-<pid>.jsonl`);
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import ${preload}`.trim(),
    BENCH_MEMORY_TRACE_DIR: ctx.tmpDir,
  };
}

export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: SEED_PASSWORD }),
  });
  const body = (await res.json()) as { content?: { api_token?: string }; message?: string };
  if (res.status !== 200 || !body.content?.api_token)
    throw new Error(`POST /api/v1/login answered ${res.status}: ${body.message}`);
  return `Bearer ${body.content.api_token}`;
}

export async function post(url: string, bearer: string, body: unknown) {
  const res = await fetch(url, {
    method: "POST",
    headers: { authorization: bearer, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  return { status: res.status, json };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Milliseconds of REQUESTS calls, one at a time, after 10 untimed ones. */
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

export function report(ctx: BenchContext, label: string, ms: number[], target: number) {
  const p95 = percentile(ms, 95);
  console.log(`  ${label}: p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  ctx.check(`${label} p95`, `${p95.toFixed(1)} ms`, `< ${target} ms`, p95 < target);
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
 * The server's idle size: its resident memory once it has stopped moving (two readings 250 ms apart
 * within 1 MB, at most 5 s of waiting), so the growth counts the export and not the tail of the work
 * before it (the latency samples' garbage still being collected, a pool still closing).
 */
export async function idleRss(pgid: number): Promise<number> {
  let prev = groupRss(pgid);
  for (let i = 0; i < 20; i++) {
    await sleep(250);
    const now = groupRss(pgid);
    if (Math.abs(now - prev) < 1e6) return now;
    prev = now;
  }
  return prev;
}

/**
 * Downloads an export from its signed link, sampling the server's memory every 20 ms: the peak minus
 * the idle size before it.
 */
export async function exportMemory(pgid: number, base: string, bearer: string, format: "csv" | "xlsx", link: string) {
  const before = await idleRss(pgid);
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

export const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
