import { describe, expect, it } from "vitest";
import { defaultRange, parseRange, shortcutRange } from "./date-range";

describe("the uniform list's date range", () => {
  it("defaults to the last 6 days through today", () => {
    expect(defaultRange("2026-11-24")).toEqual({ from: "2026-11-18", to: "2026-11-24" });
    expect(defaultRange("2026-03-02")).toEqual({ from: "2026-02-24", to: "2026-03-02" });
  });

  it("shortcuts (weeks start on Sunday)", () => {
    const today = "2026-11-25"; // a Wednesday
    expect(shortcutRange("Yesterday", today)).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(shortcutRange("This Week", today)).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(shortcutRange("Last Week", today)).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(shortcutRange("This Month", today)).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(shortcutRange("Last Month", today)).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(shortcutRange("Last Month", "2026-01-10")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(shortcutRange("This Week", "2026-11-22")).toEqual({ from: "2026-11-22", to: "2026-11-28" }); // a Sunday
  });

  it("parses from..to and all; refuses reversed, impossible and malformed ranges", () => {
    expect(parseRange("2026-11-18..2026-11-24")).toEqual({ from: "2026-11-18", to: "2026-11-24" });
    expect(parseRange("all")).toBe("all");
    for (const bad of [
      "2026-11-24..2026-11-18",
      "2026-02-30..2026-03-01",
      "11/18/2026..11/24/2026",
      "2026-11-18",
      "a..b..c",
      "",
    ])
      expect(parseRange(bad), bad).toBeNull();
  });
});
