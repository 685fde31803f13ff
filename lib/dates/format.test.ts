import { describe, expect, it } from "vitest";
import { whenSaid } from "./format";

describe("whenSaid", () => {
  const zone = "America/Los_Angeles";
  it("says the time in the zone for today, and the day too for another day", () => {
    // 22:02 UTC on Nov 28 is 2:02 PM Pacific that day.
    const at = new Date("2026-11-28T22:02:36.106Z");
    expect(whenSaid(at, zone, new Date("2026-11-28T23:00:00Z"))).toBe("at 2:02 PM");
    // Past midnight UTC it is still Nov 28 in California: still today there.
    expect(whenSaid(at, zone, new Date("2026-11-29T06:00:00Z"))).toBe("at 2:02 PM");
    expect(whenSaid(at, zone, new Date("2026-11-29T09:00:00Z"))).toBe("on Nov 28 at 2:02 PM");
  });
});
