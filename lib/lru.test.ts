import { describe, expect, it } from "vitest";
import { setRecent } from "./lru";

describe("setRecent", () => {
  it("keeps at most `max` entries, dropping the least recently set first", () => {
    const m = new Map<string, number>();
    for (const k of ["a", "b", "c"]) setRecent(m, k, 1, 2);
    expect([...m.keys()]).toEqual(["b", "c"]);
  });

  it("setting a key again makes it the most recent (and replaces its value)", () => {
    const m = new Map<string, number>([
      ["a", 1],
      ["b", 2],
    ]);
    setRecent(m, "a", 3, 2);
    setRecent(m, "c", 4, 2);
    expect([...m]).toEqual([
      ["a", 3],
      ["c", 4],
    ]);
  });
});
