import { describe, expect, it } from "vitest";
import { buildIcs, escapeText, foldLine, rruleOf, vtimezone } from "./ics";
import { planSeries, type SeriesInput } from "./recurrence";
import { toInstant } from "@/lib/dates/wall";

const LA = "America/Los_Angeles";
const at = (wall: string) => toInstant(wall, LA)!;
const series = (p: Partial<SeriesInput>): SeriesInput => ({
  type: "recursive",
  recurrence: "monthly",
  daysOfWeek: null,
  startsAt: null,
  endsAt: null,
  timeZone: LA,
  ...p,
});

describe("RRULE", () => {
  it("weekly by day code, monthly clamped with BYSETPOS, yearly leap day, UNTIL in UTC or as a date", () => {
    expect(
      rruleOf(planSeries(series({ recurrence: "weekly", daysOfWeek: [7], startsAt: at("2025-01-05 10:00") }))!),
    ).toBe("FREQ=WEEKLY;BYDAY=SU");
    expect(
      rruleOf(
        planSeries(
          series({ recurrence: "weekly", daysOfWeek: [3, 1], interval: 2, startsAt: at("2025-01-06 10:00") }),
        )!,
      ),
    ).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=MO");
    expect(rruleOf(planSeries(series({ recurrence: "monthly", startsAt: at("2025-01-15 10:00") }))!)).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=15",
    );
    expect(rruleOf(planSeries(series({ recurrence: "monthly", startsAt: at("2025-01-31 10:00") }))!)).toBe(
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
    );
    expect(rruleOf(planSeries(series({ recurrence: "yearly", startsAt: at("2024-02-29 10:00") }))!)).toBe(
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1",
    );
    expect(
      rruleOf(
        planSeries(
          series({
            recurrence: "monthly",
            startsAt: at("2025-01-15 10:00"),
            endsAt: at("2025-01-15 11:00"),
            repeatUntil: "2025-06-15",
          }),
        )!,
      ),
    ).toBe("FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20250616T065959Z");
    expect(
      rruleOf(
        planSeries(
          series({
            recurrence: "monthly",
            startsAt: at("2025-01-15 00:00"),
            endsAt: at("2025-01-15 23:59"),
            repeatUntil: "2025-06-15",
          }),
        )!,
      ),
    ).toBe("FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20250615");
  });
});

describe("text", () => {
  it("escapes and folds at 75 octets without splitting characters", () => {
    expect(escapeText("a,b;c\\d\ne")).toBe("a\\,b\\;c\\\\d\\ne");
    const long = "SUMMARY:" + "é".repeat(100);
    const folded = foldLine(long);
    for (const l of folded.split("\r\n")) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split("\r\n")
        .map((l, i) => (i ? l.slice(1) : l))
        .join(""),
    ).toBe(long);
  });
});

describe("VCALENDAR", () => {
  it("has a VTIMEZONE with LA's rules and TZID start for a recurring series, UTC for a normal event", () => {
    const ics = buildIcs({
      name: "Calendar",
      host: "portal.test",
      now: new Date("2026-01-10T00:00:00Z"),
      events: [
        {
          id: 1,
          title: "Sales meeting, weekly",
          description: "Room 2",
          keyName: "Sales",
          contactPerson: "",
          contactEmail: "",
          contactNumber: "",
          updatedAt: new Date(),
          series: series({
            recurrence: "weekly",
            daysOfWeek: [1],
            startsAt: at("2025-01-06 09:00"),
            endsAt: at("2025-01-06 10:00"),
            repeatUntil: "2026-12-31",
          }),
        },
        {
          id: 2,
          title: "Open day",
          description: "",
          keyName: "Events",
          contactPerson: "Ann",
          contactEmail: "ann@example.com",
          contactNumber: "555 1234",
          updatedAt: new Date(),
          series: {
            type: "normal",
            recurrence: null,
            daysOfWeek: null,
            startsAt: at("2026-02-03 13:00"),
            endsAt: at("2026-02-03 15:00"),
            timeZone: LA,
          },
        },
        {
          id: 3,
          title: "Holiday",
          description: "",
          keyName: "HR",
          contactPerson: "",
          contactEmail: "",
          contactNumber: "",
          updatedAt: new Date(),
          series: {
            type: "normal",
            recurrence: null,
            daysOfWeek: null,
            startsAt: at("2026-07-03 00:00"),
            endsAt: at("2026-07-03 23:59:59"),
            timeZone: LA,
          },
        },
      ],
    });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles\r\n");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(ics).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    expect(ics).toContain(
      "DTSTART;TZID=America/Los_Angeles:20250106T090000\r\nDTEND;TZID=America/Los_Angeles:20250106T100000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;UNTIL=",
    );
    expect(ics).toContain("SUMMARY:Sales meeting\\, weekly");
    expect(ics).toContain("DTSTART:20260203T210000Z\r\nDTEND:20260203T230000Z");
    expect(ics).toContain("DTSTART;VALUE=DATE:20260703\r\nDTEND;VALUE=DATE:20260704");
    expect(ics).toContain("UID:calendar-event-2@portal.test");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("a zone without daylight saving has one STANDARD component", () => {
    const lines = vtimezone("America/Phoenix", 2026);
    expect(lines.filter((l) => l === "BEGIN:STANDARD")).toHaveLength(1);
    expect(lines).toContain("TZOFFSETTO:-0700");
    expect(lines).not.toContain("BEGIN:DAYLIGHT");
  });
});
