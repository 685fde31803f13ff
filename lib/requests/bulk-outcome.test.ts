import { describe, expect, it } from "vitest";
import { bulkOutcomeMessage, bulkQuestion } from "./bulk-outcome";

describe("bulk decision texts", () => {
  it("asks with the decision and the count", () => {
    expect(bulkQuestion("approve", 5)).toBe("Approve 5 requests?");
    expect(bulkQuestion("deny", 1)).toBe("Deny 1 request?");
  });

  it("names every row not decided and why; the form too when the selection spans forms", () => {
    expect(bulkOutcomeMessage("approve", { decided: [{ form: "ro_reversal", id: 3 }], refused: [] })).toBe(
      "Approve: 1 request decided.",
    );
    expect(
      bulkOutcomeMessage("approve", {
        decided: [{ form: "ro_reversal", id: 3 }],
        refused: [
          { form: "ro_reversal", id: 12, reason: "not yours to decide" },
          { form: "ro_reversal", id: 14, reason: "already approved by Morgan Manager" },
        ],
      }),
    ).toBe(
      "Approve: 1 of 3 requests decided. Not decided: #12: not yours to decide; #14: already approved by Morgan Manager.",
    );
    expect(
      bulkOutcomeMessage("deny", {
        decided: [{ form: "tech_time", id: 3 }],
        refused: [{ form: "ro_reversal", id: 3, reason: "your own request" }],
      }),
    ).toBe("Deny: 1 of 2 requests decided. Not decided: RO Reversal #3: your own request.");
  });
});
