import { describe, expect, it } from "vitest";
import { packItems, unpackItems } from "./pack";
import type { CalendarItem } from "./types";

describe("packed page props", () => {
  it("round-trips every field and is much smaller", () => {
    const items: CalendarItem[] = Array.from({ length: 200 }, (_, n) => ({
      id: n,
      occurrence_id: `${n}-${Date.UTC(2026, 2, 1 + (n % 28), 9)}`,
      title: `Event "${n}" <b>`,
      meeting_id: (n % 3) + 1,
      mm_title: `Key ${(n % 3) + 1}`,
      color_code: ["#2563eb", "#16a34a", "#dc2626"][n % 3],
      status: n % 7 ? "active" : "inactive",
      type: n % 2 ? "recursive" : "normal",
      all_day: n % 5 === 0,
      start: new Date(Date.UTC(2026, 2, 1 + (n % 28), 9)).toISOString(),
      end: new Date(Date.UTC(2026, 2, 1 + (n % 28), 10)).toISOString(),
      start_day: n % 5 === 0 ? "2026-03-01" : null,
      end_day: n % 5 === 0 ? "2026-03-02" : null,
    }));
    const packed = packItems(items);
    expect(unpackItems(JSON.parse(JSON.stringify(packed)))).toEqual(items);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(items).length * 0.5);
  });
});
