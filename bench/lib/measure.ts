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
  /** Server CPU time per request, ms (user + system of the server's processes); null without /proc. */
  cpuPerRequest: number | null;
};

type Round = { result: Result; cpuMs: number | null };

/** 10 concurrent clients; each load gets a warm-up, then `rounds` timed runs of `roundS` seconds. */
export const LOAD = { connections: 10, warmupS: 3, rounds: 3, roundS: 4 };

async function fire(load: Load, durationS: number, cpuMs: () => number | null): Promise<Round> {
  const before = cpuMs();
  const result = await fireOnce(load, durationS);
  const after = cpuMs();
  return { result, cpuMs: before === null || after === null ? null : after - before };
}

async function fireOnce(load: Load, durationS: number): Promise<Result> {
  const r = await autocannon({
    url: load.url,
    headers: load.headers,
    connections: LOAD.connections,
    duration: durationS,
    timeout: 10,
  });
  // A redirect to /login or an error page would otherwise look like a fast page.
  if (r.errors > 0 || r.non2xx > 0) {
    throw new Error(
      `${load.label}: ${r.errors} connection errors and ${r.non2xx} non-2xx answers out of ${r.requests.total}`,
    );
  }
  return r;
}

function summarise(label: string, rounds: Round[]): Measured {
  const runs = rounds.map((r) => r.result);
  const cpu = rounds.every((r) => r.cpuMs !== null) ? rounds.reduce((n, r) => n + r.cpuMs!, 0) : null;
  const ok = runs.reduce((n, r) => n + r["2xx"], 0);
  const seconds = runs.reduce((n, r) => n + r.duration, 0);
  const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    label,
    rps: ok / seconds,
    p50: p50s[Math.floor(p50s.length / 2)],
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    requests: runs.reduce((n, r) => n + r.requests.total, 0),
    cpuPerRequest: cpu === null ? null : cpu / runs.reduce((n, r) => n + r.requests.total, 0),
  };
}

/**
 * Measures a load against its floor in alternating rounds (floor, load, floor, load, ...) so that
 * whatever else the machine does at the time weighs on both alike; the ratio is of the totals.
 * `cpuRatio` compares the server's CPU time per request instead: what the req/s ratio would be on a
 * machine with nothing else running, and far steadier when other work competes for the cores.
 */
export async function compare(
  floor: Load,
  load: Load,
  cpuMs: () => number | null,
): Promise<{ floor: Measured; load: Measured; ratio: number; roundRatios: number[]; cpuRatio: number | null }> {
  await fire(floor, LOAD.warmupS, cpuMs);
  await fire(load, LOAD.warmupS, cpuMs);
  const floorRuns: Round[] = [];
  const loadRuns: Round[] = [];
  for (let i = 0; i < LOAD.rounds; i++) {
    floorRuns.push(await fire(floor, LOAD.roundS, cpuMs));
    loadRuns.push(await fire(load, LOAD.roundS, cpuMs));
  }
  const f = summarise(floor.label, floorRuns);
  const l = summarise(load.label, loadRuns);
  const rate = (r: Result) => r["2xx"] / r.duration;
  const roundRatios = loadRuns.map((r, i) => rate(r.result) / rate(floorRuns[i].result));
  const cpuRatio = f.cpuPerRequest && l.cpuPerRequest ? f.cpuPerRequest / l.cpuPerRequest : null;
  return { floor: f, load: l, ratio: l.rps / f.rps, roundRatios, cpuRatio };
}

export function formatRow(m: Measured): string {
  return `${m.label.padEnd(44)} ${m.rps.toFixed(1).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   ${m.cpuPerRequest === null ? "" : `server CPU ${m.cpuPerRequest.toFixed(2)} ms/req   `}(${m.requests} requests)`;
}

/** A note when other work loads the machine (the figures are then less reliable than the ratios). */
export function machineLoadNote(): string | null {
  const [one] = os.loadavg();
  const cores = os.availableParallelism();
  return one > cores
    ? `note: load average ${one.toFixed(1)} on ${cores} cores: other processes compete with the bench`
    : null;
}
