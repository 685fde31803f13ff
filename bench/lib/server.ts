import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export type ServerOptions = {
  port: number;
  dataDir: string;
  /** Extra environment for the server (AUTH_SECRET, ...). */
  env?: Record<string, string>;
  /** The server's stdout/stderr go to this file (the build's output too). */
  logFile: string;
  /** Arguments for scripts/start.mjs (`--no-build`: serve the existing build). */
  args?: string[];
};

export type RunningServer = {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawn until `readyPath` answered 200. */
  startMs: number;
  /** CPU time (user + system) used so far by the server's processes, ms; null where /proc is missing. */
  cpuMs: () => number | null;
  stop: () => Promise<void>;
};

/**
 * Starts the production server the way `npm start` does (scripts/start.mjs: builds when the sources
 * changed, prepares the database in a short-lived process, then serves in its own process) and waits
 * until `readyPath` answers 200. The child runs in its own process group so stopping it also stops
 * anything under it. Traffic only goes to 127.0.0.1.
 */
export async function startServer(
  opts: ServerOptions & { readyPath?: string; timeoutMs?: number },
): Promise<RunningServer> {
  const readyPath = opts.readyPath ?? "/api/health";
  const timeoutMs = opts.timeoutMs ?? 240_000; // covers a first build (25 to 45 s here) with room to spare
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  // Another server on the port would answer the readiness probe and be measured instead of this one.
  if (await answers(baseUrl))
    throw new Error(`Port ${opts.port} is already in use (another bench?); set BENCH_PORT to another range`);
  const log = fs.openSync(opts.logFile, "a");
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs"), ...(opts.args ?? [])], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOSTNAME: "127.0.0.1",
      PORT: String(opts.port),
      DATA_DIR: opts.dataDir,
      LOG_LEVEL: "warn",
      ...opts.env,
    },
  });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.on("exit", (code) => (exited = code));

  const stop = () => stopProcessGroup(child);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== undefined)
      throw new Error(`The server exited (code ${exited}) before it was ready; see ${opts.logFile}`);
    try {
      const res = await fetch(baseUrl + readyPath, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200)
        return { baseUrl, child, startMs: performance.now() - started, cpuMs: () => groupCpuMs(child.pid!), stop };
    } catch {
      /* not listening yet */
    }
    await sleep(25);
  }
  await stop();
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s; see ${opts.logFile}`);
}

async function answers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(baseUrl, { redirect: "manual", signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the server's process group, SIGKILL after 10 s; resolves once it has exited. */
async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig);
    } catch {
      /* already gone */
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 10_000);
  await gone;
  clearTimeout(timer);
  // `next start` may outlive start.mjs by a moment; wait (bounded) until the group is empty.
  for (let i = 0; i < 100 && groupAlive(child.pid); i++) await sleep(50);
  if (groupAlive(child.pid)) signal("SIGKILL");
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sums utime + stime of every live process in a process group (Linux /proc). */
export function groupCpuMs(pgid: number): number | null {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(f[2]) === pgid) ticks += Number(f[11]) + Number(f[12]);
  }
  return ticks * (1000 / CLOCK_TICKS);
}

/** USER_HZ: 100 on every Linux build this runs on (getconf CLK_TCK). */
const CLOCK_TICKS = 100;

export function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms));
}
