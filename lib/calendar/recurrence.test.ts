import { describe, expect, it } from "vitest";
import { RRule } from "rrule";
import { formatInZone } from "@/lib/dates/format";
import {
  expandOccurrences,
  expandOccurrencesMs,
  firstOccurrence,
  nextOccurrence,
  occurrenceBounds,
  planSeries,
  seriesMs,
  shownOccurrence,
  type SeriesInput,
} from "./recurrence";
import { rruleOf } from "./ics";
import { toInstant } from "@/lib/dates/wall";

const LA = "America/Los_Angeles";
const at = (wall: string, tz = LA) => toInstant(wall, tz)!;
const win = (from: string, to: string, tz = LA) => ({ start: at(from, tz), end: at(to, tz) });
const local = (d: Date, tz = LA) => formatInZone(d, tz, "yyyy-MM-dd'T'HH:mm");

function series(p: Partial<SeriesInput>): SeriesInput {
  return {
    type: "recursive",
    recurrence: "monthly",
    daysOfWeek: null,
    startsAt: null,
    endsAt: null,
    timeZone: LA,
    ...p,
  };
}

describe("weekly series", () => {
  /**
   * How many steps an expansion takes, counted (not timed: speed is the benches' job) through the plan
   * it is handed: every step reads the plan's `freq` once to find its day.
   */
  function stepsOf(s: SeriesInput, w: { start: Date; end: Date }) {
    const plan = planSeries(s)!;
    let reads = 0;
    const counted = new Proxy(plan, {
      get(target, key, receiver) {
        if (key === "freq") reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const occ = expandOccurrencesMs(seriesMs(s), w.start.getTime(), w.end.getTime(), 1000, counted);
    return { occ, steps: reads };
  }

  it("finds this month's Mondays of a series begun ten years ago without walking the decade", () => {
    const s = series({ recurrence: "weekly", daysOfWeek: [1], startsAt: at("2016-01-04 09:00"), endsAt: null });
    const w = win("2026-03-01 00:00", "2026-04-01 00:00");
    expect(expandOccurrences(s, w).map((o) => local(o.start))).toEqual([
      "2026-03-02T09:00",
      "2026-03-09T09:00",
      "2026-03-16T09:00",
      "2026-03-23T09:00",
      "2026-03-30T09:00",
    ]);
    const { occ, steps } = stepsOf(s, w);
    expect(occ).toHaveLength(5);
    // About 530 weeks lie between the start and the window; the expansion starts a step before it.
    expect(steps).toBeLessThan(20);
  });

  it("takes as many steps for a 10-year-old series as for a new one", () => {
    const old = series({
      recurrence: "weekly",
      daysOfWeek: [3],
      startsAt: at("2016-05-04 13:00"),
      endsAt: at("2016-05-04 14:00"),
      repeatUntil: "2099-01-01",
    });
    const young = { ...old, startsAt: at("2026-05-06 13:00") };
    const w = win("2026-06-01 00:00", "2026-07-12 00:00");
    const a = stepsOf(old, w);
    const b = stepsOf(young, w);
    expect(a.occ).toHaveLength(6);
    expect(b.occ).toHaveLength(6);
    expect(a.steps).toBe(b.steps);
  });

  it("a monthly series of twenty years starts near the window too", () => {
    const s = series({ recurrence: "monthly", startsAt: at("2006-01-15 10:00"), endsAt: null });
    const { occ, steps } = stepsOf(s, win("2026-03-01 00:00", "2026-06-01 00:00"));
    expect(occ.map((o) => local(new Date(o.start)))).toEqual([
      "2026-03-15T10:00",
      "2026-04-15T10:00",
      "2026-05-15T10:00",
    ]);
    expect(steps).toBeLessThan(20);
  });

  it("maps Monday=1 .. Sunday=7 and starts on the first matching day on or after the start date", () => {
    for (let dow = 1; dow <= 7; dow++) {
      const s = series({ recurrence: "weekly", daysOfWeek: [dow], startsAt: at("2025-06-04 08:00") }); // a Wednesday
      const [first] = expandOccurrences(s, win("2025-06-01 00:00", "2025-06-30 00:00"));
      expect(Number(formatInZone(first.start, LA, "i"))).toBe(dow);
      const day = formatInZone(first.start, LA, "yyyy-MM-dd");
      expect(day >= "2025-06-04").toBe(true);
      expect(day < "2025-06-11").toBe(true);
    }
  });

  it("keeps 10:00 local across both daylight-saving changes", () => {
    const s = series({
      recurrence: "weekly",
      daysOfWeek: [7],
      startsAt: at("2025-01-05 10:00"),
      endsAt: at("2025-01-05 11:00"),
      repeatUntil: "2025-12-31",
    });
    const occ = expandOccurrences(s, win("2025-03-01 00:00", "2025-11-30 00:00"));
    expect(occ.length).toBeGreaterThan(30);
    for (const o of occ) {
      expect(local(o.start).slice(11)).toBe("10:00");
      expect(local(o.end).slice(11)).toBe("11:00");
    }
    const utcHours = new Set(occ.map((o) => o.start.getUTCHours()));
    expect(utcHours).toEqual(new Set([17, 18])); // PDT and PST
    const mar9 = occ.find((o) => local(o.start).startsWith("2025-03-09"))!;
    expect(mar9.start.toISOString()).toBe("2025-03-09T17:00:00.000Z");
    const nov2 = occ.find((o) => local(o.start).startsWith("2025-11-02"))!;
    expect(nov2.start.toISOString()).toBe("2025-11-02T18:00:00.000Z");
  });

  it("moves a local time skipped by spring-forward one hour later, only on that day", () => {
    const s = series({ recurrence: "weekly", daysOfWeek: [7], startsAt: at("2025-03-02 02:30") });
    const occ = expandOccurrences(s, win("2025-03-01 00:00", "2025-03-20 00:00"));
    expect(occ.map((o) => local(o.start))).toEqual(["2025-03-02T02:30", "2025-03-09T03:30", "2025-03-16T02:30"]);
  });

  it("nothing before the start: a weekly series begun last month does not show in earlier years", () => {
    const s = series({
      recurrence: "weekly",
      daysOfWeek: [5],
      startsAt: at("2026-10-02 00:00"),
      endsAt: at("2026-10-02 23:59"),
    });
    expect(expandOccurrences(s, win("2020-01-01 00:00", "2026-10-01 00:00"))).toEqual([]);
    const occ = expandOccurrences(s, win("2026-09-20 00:00", "2026-10-20 00:00"));
    expect(occ.map((o) => [o.allDay, o.startDate])).toEqual([
      [true, "2026-10-02"],
      [true, "2026-10-09"],
      [true, "2026-10-16"],
    ]);
    expect(occurrenceBounds(s).occursFrom).toEqual(at("2026-10-02 00:00"));
  });

  it("several weekdays, every second week counted from the start's week, until the last date", () => {
    // 2026-11-04 is a Wednesday: Wed and Fri of that week, then Mon/Wed/Fri two weeks on, ...
    const s = series({
      recurrence: "weekly",
      daysOfWeek: [5, 1, 3],
      interval: 2,
      startsAt: at("2026-11-04 09:00"),
      endsAt: at("2026-11-04 10:00"),
      repeatUntil: "2026-11-30",
    });
    const occ = expandOccurrences(s, win("2026-10-01 00:00", "2027-01-01 00:00"));
    expect(occ.map((o) => `${local(o.start)}-${local(o.end).slice(11)}`)).toEqual([
      "2026-11-04T09:00-10:00",
      "2026-11-06T09:00-10:00",
      "2026-11-16T09:00-10:00",
      "2026-11-18T09:00-10:00",
      "2026-11-20T09:00-10:00",
      "2026-11-30T09:00-10:00",
    ]);
    // A window in the middle finds the same occurrences without walking from the start.
    expect(
      expandOccurrences(s, win("2026-11-17 00:00", "2026-11-21 00:00")).map((o) => local(o.start).slice(0, 10)),
    ).toEqual(["2026-11-18", "2026-11-20"]);
  });

  it("the next occurrence, not the first; a finished series shows its last", () => {
    const s = series({
      recurrence: "weekly",
      daysOfWeek: [1],
      startsAt: at("2025-11-03 09:00"),
      endsAt: at("2025-11-03 10:00"),
      repeatUntil: "2028-11-27",
    });
    expect(local(nextOccurrence(s, at("2026-11-26 12:00"))!.start)).toBe("2026-11-30T09:00");
    expect(local(firstOccurrence(s)!.start)).toBe("2025-11-03T09:00");
    expect(local(shownOccurrence(s, at("2030-01-01 00:00"))!.start)).toBe("2028-11-27T09:00");
  });
});

describe("monthly series", () => {
  it("falls on the last day of months without the 31st and returns to the 31st after", () => {
    const s = series({ recurrence: "monthly", startsAt: at("2024-01-31 09:00") });
    const occ = expandOccurrences(s, win("2024-01-01 00:00", "2025-01-01 00:00"));
    expect(occ.map((o) => local(o.start).slice(0, 10))).toEqual([
      "2024-01-31",
      "2024-02-29",
      "2024-03-31",
      "2024-04-30",
      "2024-05-31",
      "2024-06-30",
      "2024-07-31",
      "2024-08-31",
      "2024-09-30",
      "2024-10-31",
      "2024-11-30",
      "2024-12-31",
    ]);
    const feb2025 = expandOccurrences(s, win("2025-02-01 00:00", "2025-03-01 00:00"));
    expect(local(feb2025[0].start)).toBe("2025-02-28T09:00");
  });

  it("stops after the last date (inclusive) and uses the end's time of day for each occurrence", () => {
    const s = series({
      recurrence: "monthly",
      startsAt: at("2025-01-15 14:00"),
      endsAt: at("2025-01-15 15:30"),
      repeatUntil: "2025-06-15",
    });
    const occ = expandOccurrences(s, win("2020-01-01 00:00", "2030-01-01 00:00"));
    expect(occ.map((o) => `${local(o.start)}-${local(o.end).slice(11)}`)).toEqual([
      "2025-01-15T14:00-15:30",
      "2025-02-15T14:00-15:30",
      "2025-03-15T14:00-15:30",
      "2025-04-15T14:00-15:30",
      "2025-05-15T14:00-15:30",
      "2025-06-15T14:00-15:30",
    ]);
    const bounds = occurrenceBounds(s);
    for (const o of occ) {
      expect(o.start >= bounds.occursFrom!).toBe(true);
      expect(o.end <= bounds.occursUntil!).toBe(true);
    }
  });

  it("a last date before the series' day in the last month excludes that month", () => {
    const s = series({
      recurrence: "monthly",
      startsAt: at("2025-01-20 10:00"),
      endsAt: at("2025-01-20 11:00"),
      repeatUntil: "2025-03-19",
    });
    expect(expandOccurrences(s, win("2025-01-01 00:00", "2026-01-01 00:00"))).toHaveLength(2);
  });

  it("includes an occurrence that began before the window and runs into it", () => {
    const s = series({
      recurrence: "monthly",
      startsAt: at("2025-01-31 22:00"),
      endsAt: at("2025-02-01 02:00"),
      repeatUntil: "2026-12-31",
    });
    const occ = expandOccurrences(s, win("2025-04-01 00:00", "2025-04-02 00:00"));
    expect(occ).toHaveLength(1);
    expect(local(occ[0].start)).toBe("2025-03-31T22:00");
    expect(local(occ[0].end)).toBe("2025-04-01T02:00");
  });

  it("is all-day when it runs from 00:00 to 23:59 (the day-click default; 23:59:59 from old clients too)", () => {
    const s = series({
      recurrence: "monthly",
      startsAt: at("2025-02-10 00:00"),
      endsAt: at("2025-02-10 23:59"),
      repeatUntil: "2025-05-10",
    });
    expect(planSeries({ ...s, endsAt: at("2025-02-10 23:59:59") })!.allDay).toBe(true);
    const occ = expandOccurrences(s, win("2025-01-01 00:00", "2026-01-01 00:00"));
    expect(occ.map((o) => [o.allDay, o.startDate, o.endDate])).toEqual([
      [true, "2025-02-10", "2025-02-11"],
      [true, "2025-03-10", "2025-03-11"],
      [true, "2025-04-10", "2025-04-11"],
      [true, "2025-05-10", "2025-05-11"],
    ]);
  });

  it("returns nothing before the series starts", () => {
    const s = series({ recurrence: "monthly", startsAt: at("2030-01-01 09:00") });
    expect(expandOccurrences(s, win("2029-01-01 00:00", "2029-12-31 00:00"))).toEqual([]);
  });
});

describe("yearly series", () => {
  it("puts 29 February on 28 February in common years", () => {
    const s = series({ recurrence: "yearly", startsAt: at("2024-02-29 12:00") });
    const occ = expandOccurrences(s, win("2024-01-01 00:00", "2029-01-01 00:00"));
    expect(occ.map((o) => local(o.start).slice(0, 10))).toEqual([
      "2024-02-29",
      "2025-02-28",
      "2026-02-28",
      "2027-02-28",
      "2028-02-29",
    ]);
  });

  it("finds the occurrence of a series begun in 1990", () => {
    const s = series({ recurrence: "yearly", startsAt: at("1990-07-04 00:00") });
    const occ = expandOccurrences(s, win("2026-07-01 00:00", "2026-08-01 00:00"));
    expect(occ).toHaveLength(1);
    expect(occ[0].startDate).toBe("2026-07-04");
  });
});

describe("normal events", () => {
  it("overlap: inside, spanning, touching the edges, and a point in time", () => {
    const w = win("2025-05-01 00:00", "2025-06-01 00:00");
    const ev = (s: string, e: string | null) => ({
      type: "normal" as const,
      recurrence: null,
      daysOfWeek: null,
      startsAt: at(s),
      endsAt: e ? at(e) : null,
      timeZone: LA,
    });
    expect(expandOccurrences(ev("2025-05-10 09:00", "2025-05-10 10:00"), w)).toHaveLength(1);
    expect(expandOccurrences(ev("2025-04-20 09:00", "2025-06-10 10:00"), w)).toHaveLength(1);
    expect(expandOccurrences(ev("2025-04-30 09:00", "2025-05-01 00:00"), w)).toHaveLength(0);
    expect(expandOccurrences(ev("2025-06-01 00:00", "2025-06-01 10:00"), w)).toHaveLength(0);
    expect(expandOccurrences(ev("2025-05-01 00:00", null), w)).toHaveLength(1);
    expect(expandOccurrences(ev("2025-06-01 00:00", null), w)).toHaveLength(0);
  });

  it("00:00 to 23:59:59 is an all-day event on its dates in its own zone", () => {
    const e = {
      type: "normal" as const,
      recurrence: null,
      daysOfWeek: null,
      startsAt: at("2025-05-10 00:00"),
      endsAt: at("2025-05-12 23:59:59"),
      timeZone: LA,
    };
    const [o] = expandOccurrences(e, win("2025-05-01 00:00", "2025-06-01 00:00"));
    expect([o.allDay, o.startDate, o.endDate]).toEqual([true, "2025-05-10", "2025-05-13"]);
    expect(firstOccurrence(e)).toEqual(o);
    expect(nextOccurrence(e, new Date())).toEqual(o);
  });
});

describe("the ICS RRULE agrees with the expansion (rrule.js as the oracle)", () => {
  const cases: Array<[string, Partial<SeriesInput>]> = [
    [
      "weekly Sunday, DST-crossing, with end",
      {
        recurrence: "weekly",
        daysOfWeek: [7],
        startsAt: at("2023-02-01 10:00"),
        endsAt: at("2023-02-01 11:00"),
        repeatUntil: "2026-02-01",
      },
    ],
    ["weekly Monday from 2016", { recurrence: "weekly", daysOfWeek: [1], startsAt: at("2016-01-04 09:00") }],
    [
      "weekly Mon/Thu every 3 weeks",
      {
        recurrence: "weekly",
        daysOfWeek: [4, 1],
        interval: 3,
        startsAt: at("2023-12-20 07:30"),
        endsAt: at("2023-12-20 08:00"),
      },
    ],
    ["monthly 29th", { recurrence: "monthly", startsAt: at("2023-01-29 08:15") }],
    [
      "monthly 30th",
      {
        recurrence: "monthly",
        startsAt: at("2023-01-30 08:15"),
        endsAt: at("2023-01-30 09:00"),
        repeatUntil: "2027-01-01",
      },
    ],
    ["monthly 31st", { recurrence: "monthly", startsAt: at("2023-03-31 18:00") }],
    [
      "monthly 5th all-day",
      {
        recurrence: "monthly",
        startsAt: at("2023-03-05 00:00"),
        endsAt: at("2023-03-05 23:59:59"),
        repeatUntil: "2026-08-05",
      },
    ],
    ["yearly 29 Feb", { recurrence: "yearly", startsAt: at("2020-02-29 12:00") }],
    [
      "yearly 10 Nov",
      {
        recurrence: "yearly",
        startsAt: at("2019-11-10 07:00"),
        endsAt: at("2019-11-10 08:00"),
        repeatUntil: "2029-11-10",
      },
    ],
    [
      "Berlin monthly 31st",
      { recurrence: "monthly", startsAt: at("2023-01-31 02:30", "Europe/Berlin"), timeZone: "Europe/Berlin" },
    ],
  ];
  for (const [name, p] of cases) {
    it(name, () => {
      const s = series(p);
      const plan = planSeries(s)!;
      const opts = RRule.parseString(rruleOf(plan).replace(/;?UNTIL=[^;]+/, ""));
      const floating = (day: number, sec: number) => new Date(day * 86_400_000 + sec * 1000);
      const rule = new RRule({
        ...opts,
        dtstart: floating(plan.firstDay, plan.startSec),
        until: plan.untilDay !== null ? floating(plan.untilDay, 86_399) : null,
      });
      const w = win("2024-01-01 00:00", "2027-12-31 00:00", s.timeZone);
      const expected = rule
        .between(new Date(Date.UTC(2023, 11, 30)), new Date(Date.UTC(2028, 0, 2)), true)
        .map((f) => toInstant(f.toISOString().slice(0, 19), s.timeZone)!.getTime())
        .filter((ms) => ms >= w.start.getTime() && ms < w.end.getTime());
      const ours = expandOccurrences(s, w)
        .map((o) => o.start.getTime())
        .filter((ms) => ms >= w.start.getTime());
      expect(ours.length).toBeGreaterThan(3);
      expect(ours).toEqual(expected);
    });
  }
});
