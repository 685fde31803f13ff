import { describe, expect, it } from "vitest";
import { addMonths as addMonthsFns } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { civil, dayNumber } from "./civil";
import {
  addMonths,
  fromWallMs,
  isKnownTimeZone,
  isoDayOfWeek,
  localDay,
  localSeconds,
  toWallMs,
  transitionsIn,
} from "./zone";

const ZONES = [
  "America/Los_Angeles",
  "America/New_York",
  "Europe/Berlin",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "UTC",
  "America/Phoenix",
];
const DAY = 86_400_000;

/** The oracle: a zone's wall-clock milliseconds of an instant, read from Intl's parts (not from the module's offsets). */
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function intlWall(zone: string, ms: number): number {
  let f = partsFormats.get(zone);
  if (!f)
    partsFormats.set(
      zone,
      (f = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
        hourCycle: "h23",
      })),
    );
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) + (((ms % 1000) + 1000) % 1000);
}

describe("civil dates", () => {
  it("day numbers round-trip and match the Date's for 1900..2100", () => {
    for (let n = dayNumber(1900, 1, 1); n < dayNumber(2100, 12, 31); n += 37) {
      const { y, m, d } = civil(n);
      expect(dayNumber(y, m, d)).toBe(n);
      const t = new Date(Date.UTC(y, m - 1, d));
      expect(isoDayOfWeek(n)).toBe(t.getUTCDay() || 7);
      expect(t.getTime() / DAY).toBe(n);
    }
  });

  it("adds months clamping the day like date-fns", () => {
    for (const [y, m, d] of [
      [2024, 1, 31],
      [2023, 3, 30],
      [2024, 2, 29],
      [2021, 12, 31],
      [2020, 8, 15],
    ]) {
      for (let k = -30; k <= 30; k++) {
        const ours = addMonths({ y, m, d }, k);
        const theirs = addMonthsFns(new TZDate(y, m - 1, d, "UTC"), k);
        expect([ours.y, ours.m, ours.d]).toEqual([theirs.getFullYear(), theirs.getMonth() + 1, theirs.getDate()]);
      }
    }
  });
});

describe("zone offsets", () => {
  it("wall time of an instant matches Intl's in zones with and without DST", () => {
    for (const zone of ZONES) {
      for (let ms = Date.UTC(2019, 0, 1); ms < Date.UTC(2027, 0, 1); ms += DAY * 3 + 3_600_000 * 7 + 60_000 * 13) {
        const wall = intlWall(zone, ms);
        expect(toWallMs(zone, ms)).toBe(wall);
        expect(localDay(zone, ms)).toBe(Math.floor(wall / DAY));
        expect(localSeconds(zone, ms)).toBe(Math.floor((wall % DAY) / 1000));
      }
    }
  });

  it("finds each change of offset to the minute", () => {
    expect(transitionsIn("America/Los_Angeles", 2025)).toEqual([
      { at: Date.UTC(2025, 2, 9, 10), before: -8 * 3_600_000, offset: -7 * 3_600_000 },
      { at: Date.UTC(2025, 10, 2, 9), before: -7 * 3_600_000, offset: -8 * 3_600_000 },
    ]);
    // Lord Howe moves by half an hour, at 02:00 local (15:00 UTC the day before, on standard time +10:30).
    expect(
      transitionsIn("Australia/Lord_Howe", 2025).map((t) => [new Date(t.at).toISOString(), t.offset / 60_000]),
    ).toEqual([
      ["2025-04-05T15:00:00.000Z", 630],
      ["2025-10-04T15:30:00.000Z", 660],
    ]);
    expect(transitionsIn("Asia/Kolkata", 2025)).toEqual([]);
    for (const zone of ZONES)
      for (const t of transitionsIn(zone, 2025)) {
        expect(intlWall(zone, t.at - 60_000) - (t.at - 60_000)).toBe(t.before);
        expect(intlWall(zone, t.at) - t.at).toBe(t.offset);
      }
  });

  it("instant of a wall time follows the 'compatible' rule, gaps and overlaps included", () => {
    // The rule, read from Intl: the earliest instant showing that wall time; in a skipped hour, the
    // time read with the offset before the change (so it moves forward by the gap).
    const expected = (zone: string, wall: number) => {
      const before = intlWall(zone, wall - DAY) - (wall - DAY);
      const after = intlWall(zone, wall + DAY) - (wall + DAY);
      const valid = [wall - before, wall - after].filter((t) => intlWall(zone, t) === wall);
      return valid.length ? Math.min(...valid) : wall - before;
    };
    for (const zone of ZONES) {
      const probes = [Date.UTC(2025, 5, 15, 12)];
      for (const t of transitionsIn(zone, 2025))
        for (const mins of [-90, -61, -60, -31, -30, -1, 0, 1, 29, 30, 59, 60, 61, 90])
          probes.push(t.at + t.offset + mins * 60_000);
      for (const wall of probes)
        expect(fromWallMs(zone, wall), `${zone} ${new Date(wall).toISOString()}`).toBe(expected(zone, wall));
    }
    // Spelled out for California: 02:30 on the spring-forward day is 03:30 PDT; 01:30 on the fall-back day the first (PDT) one.
    expect(new Date(fromWallMs("America/Los_Angeles", Date.UTC(2025, 2, 9, 2, 30))).toISOString()).toBe(
      "2025-03-09T10:30:00.000Z",
    );
    expect(new Date(fromWallMs("America/Los_Angeles", Date.UTC(2025, 10, 2, 1, 30))).toISOString()).toBe(
      "2025-11-02T08:30:00.000Z",
    );
  });

  it("knows IANA zone names and refuses the rest", () => {
    expect(isKnownTimeZone("America/Los_Angeles")).toBe(true);
    expect(isKnownTimeZone("UTC")).toBe(true);
    expect(isKnownTimeZone("Mars/Olympus")).toBe(false);
    expect(isKnownTimeZone("America/Los_Angeles\n")).toBe(false);
  });
});
