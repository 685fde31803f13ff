import { describe, expect, it } from "vitest";
import type { ApiEventDetail } from "@/lib/calendar/types";
import { describeRecurrence } from "./format";

/** A weekly series' detail as the event call answers it (only the fields describeRecurrence reads matter). */
const series = (over: Partial<ApiEventDetail>) =>
  ({
    type: "recursive",
    recursive_type: "weekly",
    days_of_week: [7],
    day_of_week: 7,
    repeat_interval: 1,
    repeat_until: null,
    time_zone: "UTC",
    all_day: true,
    starts_at: "2026-11-15T00:00:00.000Z",
    ...over,
  }) as ApiEventDetail;

describe("describeRecurrence", () => {
  it("dates an all-day series' first day as made, in every viewer's zone", () => {
    // A Sunday series made in UTC: a Pacific viewer used to read 'from Sat, Nov 14'.
    for (const viewer of ["America/Los_Angeles", "UTC", "Asia/Tokyo"])
      expect(describeRecurrence(series({}), viewer), viewer).toBe("Every Sunday, from Sun, Nov 15, 2026");
  });

  it("dates a timed series' first occurrence in the viewer's zone", () => {
    const timed = series({ all_day: false, starts_at: "2026-11-15T02:00:00.000Z" });
    expect(describeRecurrence(timed, "America/Los_Angeles")).toBe("Every Sunday, from Sat, Nov 14, 2026");
    expect(describeRecurrence(timed, "UTC")).toBe("Every Sunday, from Sun, Nov 15, 2026");
  });
});
