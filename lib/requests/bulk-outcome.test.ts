import { describe, expect, it } from "vitest";
import { bulkOutcome } from "./bulk-outcome";
import { OWN_REQUEST_REFUSED } from "./access";

describe("a bulk decision's outcome", () => {
  it("counts what was decided and names each request left undecided with why", () => {
    const out = bulkOutcome(
      "approve",
      [10, 11, 13],
      [
        { id: 12, status: 403, message: "You are not an approver of this form at this location." },
        { id: 14, status: 409, message: "Morgan Manager already changed this request to Approved at 2:02 PM." },
        { id: 15, status: 403, message: OWN_REQUEST_REFUSED },
        { id: 16, status: 404, message: "No such request." },
      ],
    );
    expect(out.summary).toBe("3 approved, 4 not decided.");
    expect(out.lines).toEqual([
      "#12: not yours to decide",
      "#14: Morgan Manager already changed this request to Approved at 2:02 PM.",
      "#15: your own request",
      "#16: not found (deleted?)",
    ]);
  });

  it("says what every decision did when nothing was refused", () => {
    expect(bulkOutcome("deny", [1], [])).toEqual({ summary: "1 denied.", lines: [] });
    expect(bulkOutcome("review", [1, 2], []).summary).toBe("2 moved under review.");
  });
});
