import fs from "node:fs";
import os from "node:os";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import { openEmbedded } from "./lib/embedded";
import { occurrenceBounds, type SeriesInput } from "@/lib/calendar/recurrence";
import { monthGridRange, monthOf } from "@/lib/calendar/range";
import { dayNumber } from "@/lib/dates/civil";
import { instantOf, formatDay } from "@/lib/dates/zone";

export const description =
  "calendar: getevents month window and page SSR with 10,000 events (1,000 recurring), page JS size";

/** What this module uses of bench/lib/context.ts's BenchContext (kept structural). */
type BenchCtx = {
  dataDir: string;
  server(): Promise<{ baseUrl: string; cookie: string; bearer: string; cpuMs: () => number | null }>;
  stopServer(): Promise<void>;
  check(label: string, value: string, target: string, pass: boolean): void;
};

const EVENTS = 10_000;
const RECURRING = 1_000;
const TZ = "America/Los_Angeles";
const TARGET = { getevents: 100, page: 150, jsKb: 250 };
const RUNS = { warmup: 20, getevents: 200, page: 100, coldGetevents: 200, coldPage: 108 };
const DAY = 86_400_000;

/** Deterministic pseudo-random numbers (mulberry32), so every run benches the same data. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 9,000 normal events over three years around today (a tenth all-day) and 1,000 series: 100 weekly
 * (half begun ten years ago in 2016), 450 monthly (days 1 to 31), 450 yearly. Inserted while no server
 * holds the embedded database; skipped when the bench events are already there.
 */
export async function seedEvents(dataDir: string) {
  const handle = await openEmbedded(dataDir);
  try {
    const db = handle.db;
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.calendarEvents)
      .where(sql`${schema.calendarEvents.title} like 'Bench %'`);
    if (n >= EVENTS) return n;
    const keys = (await db.select({ id: schema.calendarKeys.id }).from(schema.calendarKeys)).map((k) => k.id);
    const rand = rng(42);
    const today = Math.floor(Date.now() / 86_400_000);
    const rows: (typeof schema.calendarEvents.$inferInsert)[] = [];
    const at = (day: number, sec: number) => new Date(instantOf(TZ, day, sec));
    for (let i = 0; i < EVENTS; i++) {
      let s: SeriesInput;
      if (i < EVENTS - RECURRING) {
        const day = today - 730 + Math.floor(rand() * 1095);
        const allDay = rand() < 0.1;
        const startSec = allDay ? 0 : (7 + Math.floor(rand() * 10)) * 3600 + (rand() < 0.5 ? 0 : 1800);
        const endsAt = allDay
          ? at(day + Math.floor(rand() * 2), 86_399)
          : at(day, startSec + (1 + Math.floor(rand() * 3)) * 1800);
        s = { type: "normal", recurrence: null, daysOfWeek: null, startsAt: at(day, startSec), endsAt, timeZone: TZ };
      } else {
        const j = i - (EVENTS - RECURRING);
        const startSec = (8 + Math.floor(rand() * 9)) * 3600;
        if (j < 100) {
          const from = j < 50 ? dayNumber(2016, 1, 4) + Math.floor(rand() * 300) : today - Math.floor(rand() * 700);
          const until = rand() < 0.5 ? null : formatDay(today + 200 + Math.floor(rand() * 2000));
          s = {
            type: "recursive",
            recurrence: "weekly",
            daysOfWeek: [1 + Math.floor(rand() * 7)],
            startsAt: at(from, startSec),
            endsAt: at(from, startSec + 3600),
            repeatUntil: until,
            timeZone: TZ,
          };
        } else {
          const monthly = j < 550;
          const from = today - Math.floor(rand() * (monthly ? 1800 : 7000));
          const until = rand() < 0.5 ? null : formatDay(today + Math.floor(rand() * 3000));
          s = {
            type: "recursive",
            recurrence: monthly ? "monthly" : "yearly",
            daysOfWeek: null,
            startsAt: at(from, startSec),
            endsAt: at(from, startSec + 5400),
            repeatUntil: until,
            timeZone: TZ,
          };
        }
      }
      rows.push({
        title: `Bench ${s.type === "normal" ? "event" : s.recurrence} ${i + 1}: dealership operations review`,
        calendarKeyId: keys[i % keys.length],
        description: "Generated for the calendar bench. Agenda, location and materials are in the attachments.",
        status: rand() < 0.05 ? "inactive" : "active",
        type: s.type,
        recurrence: s.recurrence,
        daysOfWeek: s.daysOfWeek,
        repeatUntil: s.repeatUntil ?? null,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        timeZone: TZ,
        contactPerson: "Bench Person",
        contactEmail: "bench@example.com",
        contactNumber: "555 010 2000",
        ...occurrenceBounds(s),
      });
    }
    for (let i = 0; i < rows.length; i += 500) await db.insert(schema.calendarEvents).values(rows.slice(i, i + 500));
    // VACUUM too: the embedded server's autovacuum (lib/db/autovacuum.ts) would otherwise do it during the measurements.
    await db.execute(sql`vacuum analyze calendar_events`);
    // what lib/calendar/cache.ts's bumpCalendarStamp does (that module is server-only)
    await db.execute(
      sql`insert into settings (key, value) values ('calendar_stamp', ${`bench-${Date.now()}`}) on conflict (key) do update set value = excluded.value`,
    );
    return rows.length;
  } finally {
    await handle.close();
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

type Req = { url: string; headers: Record<string, string> };

/**
 * One client, requests in sequence: p50/p95 in ms, after `warmup` requests (JIT, connections). The
 * requests run in order; repeat URLs to measure what a cache keeps warm, use each once to measure
 * windows nobody has asked for yet.
 */
type Timing = {
  label: string;
  warmup: Req[];
  reqs: Req[];
  /** Text every answer must contain. */
  expect: string;
  /** The figure's name in the bench's checks, held to p95 < target ms. */
  check: string;
  target: number;
};
async function timeSequential(
  ctx: BenchCtx,
  cpuMs: () => number | null,
  { label, warmup, reqs, expect, check, target }: Timing,
) {
  for (const r of warmup) await (await fetch(r.url, { headers: r.headers })).text();
  const times: number[] = [];
  let bytes = 0;
  const cpu0 = cpuMs();
  for (const r of reqs) {
    const t0 = performance.now();
    const res = await fetch(r.url, { headers: r.headers, redirect: "manual" });
    const text = await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200 || !text.includes(expect))
      throw new Error(`${label}: answered ${res.status} without "${expect}"`);
    bytes += text.length;
  }
  const cpu1 = cpuMs();
  times.sort((a, b) => a - b);
  // Server CPU per request (user + system of its processes): steadier than wall time when other work competes.
  const cpu = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / reqs.length;
  const r = {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
    avgKb: bytes / reqs.length / 1024,
    n: reqs.length,
    cpu,
  };
  console.log(
    `  ${label.padEnd(50)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms  ${cpu === null ? "" : `server CPU ${cpu.toFixed(1)} ms/req  `}${r.avgKb.toFixed(0)} KB  (n=${r.n}, load ${os.loadavg()[0].toFixed(1)})`,
  );
  ctx.check(check, `${r.p95.toFixed(1)} ms`, `< ${target} ms`, r.p95 < target);
  return r;
}

/** JavaScript the browser downloads to show the calendar page (gzip, noModule polyfills excluded). */
async function pageJs(baseUrl: string, cookie: string): Promise<{ kb: number; scripts: number } | null> {
  const chromium = "/usr/bin/chromium";
  let pw: typeof import("@playwright/test");
  try {
    pw = await import("@playwright/test");
  } catch {
    return null;
  }
  const browser = await pw.chromium.launch({
    executablePath: fs.existsSync(chromium) ? chromium : undefined,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const ctx = await browser.newContext();
    await ctx.addCookies(
      cookie.split("; ").map((c) => {
        const i = c.indexOf("=");
        return { name: c.slice(0, i), value: c.slice(i + 1), url: baseUrl };
      }),
    );
    const page = await ctx.newPage();
    const sizes: Promise<number>[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "script")
        sizes.push(
          r.body().then(
            (b) => zlib.gzipSync(b, { level: 9 }).length,
            () => 0,
          ),
        );
    });
    await page.goto(`${baseUrl}/calendar`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Next month" }).waitFor();
    // FullCalendar is a chunk loaded after hydration: count it too (it replaces the server's preview).
    await page.locator("[role=cell][data-date]").first().waitFor();
    await page.waitForLoadState("networkidle");
    const all = await Promise.all(sizes);
    return { kb: all.reduce((a, b) => a + b, 0) / 1024, scripts: all.length };
  } finally {
    await browser.close();
  }
}

export async function run(ctx: BenchCtx) {
  await ctx.server(); // prepares (migrates, seeds) the data folder and builds if needed
  await ctx.stopServer();
  const t0 = performance.now();
  const n = await seedEvents(ctx.dataDir);
  console.log(`  ${n} bench events in the database (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  const s = await ctx.server();

  const now = new Date();
  const { year, month } = monthOf(now, TZ);
  const monthAt = (d: number) => {
    const m0 = year * 12 + (month - 1) + d;
    const y = Math.floor(m0 / 12);
    const m = (m0 % 12) + 1;
    const next = m === 12 ? { y: y + 1, m: 1 } : { y, m: m + 1 };
    return {
      y,
      m,
      start: new Date(instantOf(TZ, dayNumber(y, m, 1), 0)),
      end: new Date(instantOf(TZ, dayNumber(next.y, next.m, 1), 0)),
    };
  };
  const months = [-1, 0, 1].map(monthAt);
  const bearer = { authorization: s.bearer };
  const eventsUrl = (start: Date, end: Date) =>
    `${s.baseUrl}/api/v1/getevents?start_date=${start.toISOString()}&end_date=${end.toISOString()}`;
  const apiUrls = months.map((w) => eventsUrl(w.start, w.end));
  const probe = await (await fetch(apiUrls[1], { headers: bearer })).json();
  const grid = monthGridRange(year, month, TZ);
  console.log(
    `  this month: ${probe.content.events.length} occurrences (month grid ${grid.start.toISOString().slice(0, 10)}..${grid.end.toISOString().slice(0, 10)})`,
  );

  // Windows nobody has asked for (no cached window can answer): month-long windows starting every five
  // days from 18 months ago, all inside the busy three years of normal events. Warm-up far in the future.
  const from = monthAt(-18).start.getTime();
  const coldApi = Array.from({ length: RUNS.coldGetevents }, (_, i) => ({
    url: eventsUrl(new Date(from + i * 5 * DAY), new Date(from + i * 5 * DAY + 31 * DAY)),
    headers: bearer,
  }));
  const apiWarmup = Array.from({ length: RUNS.warmup }, (_, i) => ({
    url: eventsUrl(monthAt(60 + i).start, monthAt(60 + i).end),
    headers: bearer,
  }));
  const cold = await timeSequential(ctx, s.cpuMs, {
    label: "GET /api/v1/getevents (windows never asked for)",
    warmup: apiWarmup,
    reqs: coldApi,
    expect: '"status":"success"',
    check: "getevents month window p95, uncached (10,000 events, 1 client)",
    target: TARGET.getevents,
  });

  const warmApi = Array.from({ length: RUNS.getevents }, (_, i) => ({
    url: apiUrls[i % apiUrls.length],
    headers: bearer,
  }));
  const api = await timeSequential(ctx, s.cpuMs, {
    label: "GET /api/v1/getevents (3 months, repeated)",
    warmup: warmApi.slice(0, RUNS.warmup),
    reqs: warmApi,
    expect: '"status":"success"',
    check: "getevents month window p95, repeated (10,000 events, 1 client)",
    target: TARGET.getevents,
  });

  // Pages of months not rendered before: 36 months from 18 months ago, each in three viewer zones
  // (the `tz` cookie moves the month grid's instants, so no two renders share a window).
  const pageUrl = (w: { y: number; m: number }) => `${s.baseUrl}/calendar?month=${w.y}-${String(w.m).padStart(2, "0")}`;
  const zones = ["America/Los_Angeles", "America/New_York", "America/Chicago"];
  const coldPages = zones.flatMap((tz) =>
    Array.from({ length: RUNS.coldPage / zones.length }, (_, i) => ({
      url: pageUrl(monthAt(i - 18)),
      headers: { cookie: `${s.cookie}; tz=${encodeURIComponent(tz)}` },
    })),
  );
  const pageWarmup = Array.from({ length: RUNS.warmup }, (_, i) => ({
    url: pageUrl(monthAt(60 + i)),
    headers: { cookie: s.cookie },
  }));
  const coldPage = await timeSequential(ctx, s.cpuMs, {
    label: "GET /calendar (months never rendered)",
    warmup: pageWarmup,
    reqs: coldPages,
    expect: "Bench ",
    check: "calendar page SSR p95, months not rendered before (10,000 events, 1 client)",
    target: TARGET.page,
  });

  const warmPages = Array.from({ length: RUNS.page }, (_, i) => ({
    url: pageUrl(months[i % months.length]),
    headers: { cookie: s.cookie },
  }));
  const page = await timeSequential(ctx, s.cpuMs, {
    label: "GET /calendar (3 months, repeated)",
    warmup: warmPages.slice(0, RUNS.warmup),
    reqs: warmPages,
    expect: "Bench ",
    check: "calendar page SSR p95, repeated (10,000 events, 1 client)",
    target: TARGET.page,
  });

  const js = await pageJs(s.baseUrl, s.cookie);
  if (js) {
    console.log(`  calendar page loads ${js.scripts} scripts`);
    ctx.check(
      "calendar page JavaScript on first load (gzip)",
      `${js.kb.toFixed(1)} KB`,
      `< ${TARGET.jsKb} KB`,
      js.kb < TARGET.jsKb,
    );
  } else {
    ctx.check(
      "calendar page JavaScript on first load (gzip)",
      "not measured (no Playwright)",
      `< ${TARGET.jsKb} KB`,
      false,
    );
  }
  return { cold, api, coldPage, page, js };
}
