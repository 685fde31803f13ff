import { describe, expect, it } from "vitest";
import { STATUS_FILTER, statusFilterOf, statusOfFilter, statusesOf } from "./filters";

describe("a list's Status filter", () => {
  it("offers only the statuses of the form's workflow", () => {
    expect(statusesOf("approval")).toEqual(["submitted", "needs_info", "approved", "denied", "completed", "withdrawn"]);
    expect(statusesOf("suggestion")).toEqual([
      "submitted",
      "under_review",
      "accepted",
      "declined",
      "implemented",
      "withdrawn",
    ]);
    expect(statusFilterOf("approval").map((o) => o.text)).toEqual([
      "Submitted",
      "Needs information",
      "Approved",
      "Denied",
      "Completed",
      "Withdrawn",
    ]);
    expect(statusFilterOf("suggestion").map((o) => o.text)).not.toContain("Approved");
  });

  it("keeps the filter's values: each still names its status", () => {
    for (const workflow of ["approval", "suggestion"] as const)
      for (const o of statusFilterOf(workflow)) {
        expect(STATUS_FILTER).toContainEqual(o);
        expect(statusesOf(workflow)).toContain(statusOfFilter(String(o.value)));
      }
  });
});
