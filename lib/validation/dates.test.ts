import { describe, expect, it } from "vitest";
import { MAX_YEAR, MIN_YEAR, parseDateTime, parseInstant, parseIsoDate, parseUsDate } from "@/lib/dates/parse";
import { dateMessage, dateOnly, dateTime, dateTimeMessage } from "./dates";

/** One date parser (docs/decisions.md, Dates) that refuses impossible dates and years out of range, never rolls them. */
describe("the one date parser refuses impossible dates instead of rolling them", () => {
  const refusedDates = [
    "2026-02-30", // rolled to March 2 by Date.parse
    "2026-02-29", // not a leap year
    "2100-02-29", // a century that is not a leap year
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "0000-01-01", // PostgreSQL refuses year 0 (was a 500)
    "1899-12-31",
    "3000-01-01",
    "9999-12-31",
    "2026-1-01",
    "26-01-01",
    "2026/01/01",
    " 2026-01-01",
    "2026-01-01T00:00",
    "",
  ];
  it.each(refusedDates)("date %j is refused", (v) => {
    expect(parseIsoDate(v)).toBeNull();
  });

  const acceptedDates: [string, { y: number; m: number; d: number }][] = [
    ["2024-02-29", { y: 2024, m: 2, d: 29 }],
    ["2000-02-29", { y: 2000, m: 2, d: 29 }],
    [`${MIN_YEAR}-01-01`, { y: MIN_YEAR, m: 1, d: 1 }],
    [`${MAX_YEAR}-12-31`, { y: MAX_YEAR, m: 12, d: 31 }],
  ];
  it.each(acceptedDates)("date %j is %o", (v, ymd) => {
    expect(parseIsoDate(v)).toEqual(ymd);
  });

  it("the old portal's MM/DD/YYYY is read by the same rules", () => {
    expect(parseUsDate("02/29/2024")).toEqual({ y: 2024, m: 2, d: 29 });
    expect(parseUsDate("2/8/2026")).toEqual({ y: 2026, m: 2, d: 8 });
    for (const v of ["02/30/2026", "13/01/2026", "01/01/0000", "12/31/9999", "01/01/26"])
      expect(parseUsDate(v), v).toBeNull();
  });

  const refusedDateTimes = [
    "2026-02-30T10:00:00Z",
    "2026-01-01T24:00", // rolled to the next day by Date.parse
    "2026-01-01T24:00:00Z",
    "2026-01-01T25:00:00Z",
    "2026-01-01T10:60:00Z",
    "2026-01-01T10:00:60Z", // no leap second
    "2026-13-01T10:00:00Z",
    "9999-12-31T23:59:59-14:00", // past year 9999 after the offset (was a 500)
    "0000-01-01T00:00:00Z",
    "2026-01-01T10:00:00+14:30",
    "2026-01-01T10:00:00+05:60",
    "2026-01-01T10:00:00+5:00",
    "2026-01-01T10:00:00 Z",
    "2026-01-01T10",
    "2026-01-01",
  ];
  it.each(refusedDateTimes)("date-time %j is refused", (v) => {
    expect(parseDateTime(v)).toBeNull();
    expect(parseInstant(v)).toBeNull();
  });

  const instants: [string, string][] = [
    ["2026-03-01T09:00:00-08:00", "2026-03-01T17:00:00.000Z"],
    ["2026-03-01T09:00-0800", "2026-03-01T17:00:00.000Z"],
    ["2026-03-01 09:00:00.5Z", "2026-03-01T09:00:00.500Z"],
    ["2026-12-31T23:59:59.123456789+14:00", "2026-12-31T09:59:59.123Z"],
    ["2026-01-01T00:00:00-12:00", "2026-01-01T12:00:00.000Z"],
    [`${MAX_YEAR}-12-31T23:59:59-14:00`, `${MAX_YEAR + 1}-01-01T13:59:59.000Z`],
  ];
  it.each(instants)("date-time %j is the instant %s", (v, iso) => {
    expect(new Date(parseInstant(v)!).toISOString()).toBe(iso);
  });

  it("a date-time without an offset is a wall-clock time, not an instant", () => {
    expect(parseDateTime("2026-03-01T09:30")).toMatchObject({ y: 2026, m: 3, d: 1, h: 9, mi: 30, s: 0, offset: null });
    expect(parseInstant("2026-03-01T09:30")).toBeNull();
  });
});

describe("the date fields' schemas answer the field's message", () => {
  it("dateOnly: a real date out as YYYY-MM-DD, anything else the message naming the field", () => {
    expect(dateOnly("The from date").parse(" 2026-02-28 ")).toBe("2026-02-28");
    for (const v of ["2026-02-30", "0000-01-01", "2026-13-01", "x", 20260101]) {
      const r = dateOnly("The from date").safeParse(v);
      expect(r.error?.issues[0]?.message, String(v)).toBe(dateMessage("The from date"));
    }
    expect(dateMessage("The from date")).toMatch(/^The from date must be a real date from 1900 to 2999/);
  });
  it("dateTime: a real instant out as UTC ISO, anything else the message naming the field", () => {
    expect(dateTime("'Publish at'").parse("2026-03-01T09:00:00-08:00")).toBe("2026-03-01T17:00:00.000Z");
    for (const v of ["9999-12-31T23:59:59-14:00", "0000-01-01T00:00:00Z", "2026-01-01T24:00Z", "2026-03-01T09:00"]) {
      const r = dateTime("'Publish at'").safeParse(v);
      expect(r.error?.issues[0]?.message, v).toBe(dateTimeMessage("'Publish at'"));
    }
  });
});
