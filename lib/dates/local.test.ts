import { describe, expect, it } from "vitest";
import { format } from "date-fns";
import { DATE_PATTERNS, formatLocal, type DateKind } from "./local";

describe("formatLocal", () => {
  it("matches date-fns for the old portal's three formats", () => {
    const start = new Date(2024, 0, 1, 0, 0).getTime();
    for (let i = 0; i < 2000; i++) {
      const d = new Date(start + i * 7_919_000 * 3);
      for (const kind of Object.keys(DATE_PATTERNS) as DateKind[])
        expect(formatLocal(d, kind)).toBe(format(d, DATE_PATTERNS[kind]));
    }
  });

  it("writes noon and midnight as 12", () => {
    expect(formatLocal(new Date(2026, 2, 4, 0, 5), "time")).toBe("12:05 AM");
    expect(formatLocal(new Date(2026, 2, 4, 12, 30), "time")).toBe("12:30 PM");
    expect(formatLocal(new Date(2026, 2, 4, 9, 7), "long")).toBe("4 March, 2026");
    expect(formatLocal(new Date(2026, 2, 4, 9, 7), "us")).toBe("03/04/2026");
  });
});
