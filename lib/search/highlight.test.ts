import { describe, expect, it } from "vitest";
import { HIT_START as S, HIT_STOP as E, splitHighlight } from "./highlight";

describe("splitHighlight", () => {
  it("splits marked text into plain and hit segments", () => {
    expect(splitHighlight(`The ${S}Claim${E} for ${S}warranty${E}`)).toEqual([
      { text: "The " },
      { text: "Claim", hit: true },
      { text: " for " },
      { text: "warranty", hit: true },
    ]);
  });
  it("keeps markup-looking text as text", () => {
    expect(splitHighlight(`<b>${S}x${E}</b>`)).toEqual([{ text: "<b>" }, { text: "x", hit: true }, { text: "</b>" }]);
  });
  it("drops unpaired markers and merges neighbours", () => {
    expect(splitHighlight(`a${E}b`)).toEqual([{ text: "ab" }]);
    expect(splitHighlight(`a${S}b`)).toEqual([{ text: "a" }, { text: "b", hit: true }]);
    expect(splitHighlight("")).toEqual([]);
  });
});
