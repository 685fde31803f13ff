import { describe, expect, it } from "vitest";
import { packOccurrences, toCalendarItem, unpackItems } from "./pack";
import type { OccurrenceRow } from "./queries";

describe("packed page props", () => {
  it("unpack to what the calendar's read (app/api/calendar/events) answers, and are much smaller", () => {
    const rows: OccurrenceRow[] = Array.from({ length: 200 }, (_, n) => {
      const allDay = n % 5 === 0;
      const start = Date.UTC(2026, 2, 1 + (n % 28), allDay ? 8 : 9);
      return {
        eventId: n,
        title: `Event "${n}" <b>`,
        keyId: (n % 3) + 1,
        keyName: `Key ${(n % 3) + 1}`,
        color: ["#2563eb", "#16a34a", "#dc2626"][n % 3],
        status: n % 7 ? "active" : "inactive",
        type: n % 2 ? "recursive" : "normal",
        recurrence: n % 2 ? "monthly" : null,
        daysOfWeek: null,
        timeZone: "America/Los_Angeles",
        occurrence: {
          start,
          end: start + (allDay ? 86_400_000 : n % 4 ? 3_600_000 : 0),
          allDay,
          startDate: allDay ? "2026-03-01" : null,
          endDate: allDay ? "2026-03-02" : null,
        },
      };
    });
    const packed = packOccurrences(rows);
    const items = rows.map(toCalendarItem);
    expect(unpackItems(JSON.parse(JSON.stringify(packed)))).toEqual(items);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(items).length * 0.5);
  });
});
