import { describe, expect, it } from "vitest";
import { Temporal } from "temporal-polyfill";
import { civil, dayNumber } from "./iso";
import { addMonths, fromWallMs, isoDayOfWeek, localDay, localSeconds, toWallMs } from "./zone";

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

describe("civil dates", () => {
  it("day numbers round-trip and match Temporal for 1900..2100", () => {
    for (let n = dayNumber(1900, 1, 1); n < dayNumber(2100, 12, 31); n += 37) {
      const { y, m, d } = civil(n);
      expect(dayNumber(y, m, d)).toBe(n);
      const t = Temporal.PlainDate.from({ year: y, month: m, day: d });
      expect(isoDayOfWeek(n)).toBe(t.dayOfWeek);
      expect(Temporal.PlainDate.from("1970-01-01").until(t, { largestUnit: "days" }).days).toBe(n);
    }
  });

  it("adds months clamping the day like Temporal's constrain", () => {
    for (const start of ["2024-01-31", "2023-03-30", "2024-02-29", "2021-12-31", "2020-08-15"]) {
      const t = Temporal.PlainDate.from(start);
      for (let k = -30; k <= 30; k++) {
        const ours = addMonths({ y: t.year, m: t.month, d: t.day }, k);
        const theirs = t.add({ months: k }, { overflow: "constrain" });
        expect([ours.y, ours.m, ours.d]).toEqual([theirs.year, theirs.month, theirs.day]);
      }
    }
  });
});

describe("zone offsets", () => {
  it("wall time of an instant matches Temporal in zones with and without DST", () => {
    for (const zone of ZONES) {
      for (
        let ms = Date.UTC(2019, 0, 1);
        ms < Date.UTC(2027, 0, 1);
        ms += 86_400_000 * 3 + 3_600_000 * 7 + 60_000 * 13
      ) {
        const z = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
        const wall = toWallMs(zone, ms);
        expect(wall).toBe(ms + z.offsetNanoseconds / 1e6);
        expect(localDay(zone, ms)).toBe(
          Temporal.PlainDate.from("1970-01-01").until(z.toPlainDate(), { largestUnit: "days" }).days,
        );
        expect(localSeconds(zone, ms)).toBe(z.hour * 3600 + z.minute * 60 + z.second);
      }
    }
  });

  it("instant of a wall time matches Temporal's 'compatible' choice, gaps and overlaps included", () => {
    for (const zone of ZONES) {
      const tz = Temporal.ZonedDateTime.from({ year: 2025, month: 1, day: 1, timeZone: zone });
      const probes: Temporal.PlainDateTime[] = [];
      let cur: Temporal.ZonedDateTime | null = tz;
      for (let i = 0; i < 4 && cur; i++) {
        cur = cur.getTimeZoneTransition("next");
        if (!cur) break;
        const wall = cur.toPlainDateTime();
        for (const mins of [-90, -61, -60, -31, -30, -1, 0, 1, 29, 30, 59, 60, 61, 90])
          probes.push(wall.add({ minutes: mins }));
      }
      probes.push(Temporal.PlainDateTime.from("2025-06-15T12:00"));
      for (const p of probes) {
        const expected = p.toZonedDateTime(zone, { disambiguation: "compatible" }).epochMilliseconds;
        const wallMs = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
        expect(fromWallMs(zone, wallMs), `${zone} ${p}`).toBe(expected);
      }
    }
  });
});
