import os from "node:os";
import autocannon, { type Result } from "autocannon";

export type Load = {
  label: string;
  url: string;
  headers?: Record<string, string>;
};

export type Measured = {
  label: string;
  /** 2xx answers per second over every round. */
  rps: number;
  /** Median of the rounds' p50 latency, ms. */
  p50: number;
  /** Worst of the rounds' p99 latency, ms. */
  p99: number;
  requests: number;
};

/** 10 concurrent clients; each load gets a warm-up, then `rounds` timed runs of `roundS` seconds. */
export const LOAD = { connections: 10, warmupS: 3, rounds: 3, roundS: 4 };

async function fire(load: Load, durationS: number): Promise<Result> {
  const r = await autocannon({ url: load.url, headers: load.headers, connections: LOAD.connections, duration: durationS, timeout: 10 });
  // A redirect to /login or an error page would otherwise look like a fast page.
  if (r.errors > 0 || r.non2xx > 0) {
    throw new Error(`${load.label}: ${r.errors} connection errors and ${r.non2xx} non-2xx answers out of ${r.requests.total}`);
  }
  return r;
}

function summarise(label: string, runs: Result[]): Measured {
  const ok = runs.reduce((n, r) => n + r["2xx"], 0);
  const seconds = runs.reduce((n, r) => n + r.duration, 0);
  const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    label,
    rps: ok / seconds,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    requests: runs.reduce((n, r) => n + r.requests.total, 0),
  };
}

/**
 * Measures a load against its floor in alternating rounds (floor, load, floor, load, ...) so that
 * whatever else the machine does at the time weighs on both alike; the ratio is of the totals.
 */
export async function compare(floor: Load, load: Load): Promise<{ floor: Measured; load: Measured; ratio: number; roundRatios: number[] }> {
  await fire(floor, LOAD.warmupS);
  await fire(load, LOAD.warmupS);
  const floorRuns: Result[] = [];
  const loadRuns: Result[] = [];
  for (let i = 0; i < LOAD.rounds; i++) {
    floorRuns.push(await fire(floor, LOAD.roundS));
    loadRuns.push(await fire(load, LOAD.roundS));
  }
  const f = summarise(floor.label, floorRuns);
  const l = summarise(load.label, loadRuns);
  const roundRatios = loadRuns.map((r, i) => r["2xx"] / r.duration / (floorRuns[i]["2xx"] / floorRuns[i].duration));
  return { floor: f, load: l, ratio: l.rps / f.rps, roundRatios };
}

export function formatRow(m: Measured): string {
  return `${m.label.padEnd(44)} ${m.rps.toFixed(1).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.requests} requests)`;
}

/** A note when other work loads the machine (the figures are then less reliable than the ratios). */
export function machineLoadNote(): string | null {
  const [one] = os.loadavg();
  const cores = os.availableParallelism();
  return one > cores ? `note: load average ${one.toFixed(1)} on ${cores} cores: other processes compete with the bench` : null;
}
