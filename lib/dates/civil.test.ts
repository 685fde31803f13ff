import { describe, expect, it } from "vitest";
import { isoOf, wallText } from "./civil";

describe("isoOf", () => {
  it("matches Date#toISOString across eras, leap days and the ends of days", () => {
    const samples = [
      0, -1, 1, 951_782_400_000, 951_868_799_999, 4_107_542_399_999, -2_208_988_800_001, 1_795_425_258_584,
      -62_135_596_800_000, 253_402_300_799_999,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor((Math.sin(i) * 0.5 + 0.5) * 8e12 - 4e12));
    for (const ms of samples) expect(isoOf(ms)).toBe(new Date(ms).toISOString());
    expect(isoOf(253_402_300_800_000)).toBe(new Date(253_402_300_800_000).toISOString());
  });

  it("writes a wall time as the legacy 'YYYY-MM-DD HH:mm:ss'", () => {
    expect(wallText(Date.UTC(2026, 2, 8, 2, 30, 5, 999))).toBe("2026-03-08 02:30:05");
  });
});
