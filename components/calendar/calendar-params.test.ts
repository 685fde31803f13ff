import { describe, expect, it } from "vitest";
import { calendarParsers, calendarUrl, NO_VIEW, sameAddress, viewOf, type CalendarParams } from "./calendar-params";

const none: CalendarParams = { month: null, event: null, edit: null, add: null, q: null };
const parse = <K extends keyof CalendarParams>(key: K, value: string) => calendarParsers[key].parse(value);

describe("the calendar's URL parameters", () => {
  it("read ids, days and months only when they are real", () => {
    expect(parse("event", "42")).toBe(42);
    for (const bad of ["0", "-1", "042", "1.5", "1e3", "12345678901", "abc", ""])
      expect(parse("event", bad)).toBeNull();
    expect(parse("add", "2026-02-28")).toBe("2026-02-28");
    for (const bad of ["2026-02-30", "2026-2-3", "2026-13-01", "tomorrow"]) expect(parse("add", bad)).toBeNull();
    expect(parse("month", "2026-12")).toBe("2026-12");
    for (const bad of ["2026-13", "2026-00", "2026-1", "2026-12-01"]) expect(parse("month", bad)).toBeNull();
  });

  it("trim the search text, cut it to the box's 190 characters, and read a blank one as none", () => {
    expect(parse("q", "  sales meeting ")).toBe("sales meeting");
    expect(parse("q", "x".repeat(300))).toBe("x".repeat(190));
    expect(parse("q", "   ")).toBeNull();
  });

  it("show the edit form, the add form, an event, search results or the month, in that order", () => {
    expect(viewOf(none)).toEqual({ kind: "calendar" });
    expect(viewOf({ ...none, month: "2026-12" })).toEqual({ kind: "calendar" });
    expect(viewOf({ ...none, q: "sales" })).toEqual({ kind: "search", query: "sales" });
    expect(viewOf({ ...none, q: "sales", event: 7 })).toEqual({ kind: "detail", id: 7 });
    expect(viewOf({ ...none, event: 7, add: "2026-03-01" })).toEqual({ kind: "form", day: "2026-03-01", id: null });
    expect(viewOf({ ...none, add: "2026-03-01", edit: 9 })).toEqual({ kind: "form", day: null, id: 9 });
  });

  it("change some parameters of an address and keep the others (Back's parent view)", () => {
    const here = "http://portal.test/calendar?month=2026-12&q=sales&event=7";
    expect(sameAddress(calendarUrl(here, { event: null }), "http://portal.test/calendar?q=sales&month=2026-12")).toBe(
      true,
    );
    expect(sameAddress(calendarUrl(here, NO_VIEW), "http://portal.test/calendar?month=2026-12")).toBe(true);
    expect(sameAddress(calendarUrl(here, { event: null }), "http://portal.test/calendar?month=2026-12")).toBe(false);
    expect(sameAddress("http://portal.test/calendar?q=a", "http://portal.test/other?q=a")).toBe(false);
  });
});
