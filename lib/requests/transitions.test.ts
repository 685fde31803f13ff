import { describe, expect, it } from "vitest";
import {
  COMMENT_REQUIRED,
  EDITABLE_BY_REQUESTER,
  INBOX_STATUSES,
  REQUESTER_DECISIONS,
  TRANSITIONS,
  approverDecisionsFrom,
  decisionsFrom,
  nextStatus,
  standingComment,
  stepTitle,
  workflowOf,
} from "./transitions";
import { REQUEST_STATUSES } from "@/lib/forms/request-statuses";

describe("request workflows", () => {
  it("approval: submitted -> approved | denied | needs_info; needs_info -> submitted; approved -> completed", () => {
    expect(nextStatus("approval", "submitted", "approve")).toBe("approved");
    expect(nextStatus("approval", "submitted", "deny")).toBe("denied");
    expect(nextStatus("approval", "submitted", "needs_info")).toBe("needs_info");
    expect(nextStatus("approval", "needs_info", "answer")).toBe("submitted");
    expect(nextStatus("approval", "approved", "complete")).toBe("completed");
  });

  it("suggestion: submitted -> under_review -> accepted | declined; accepted -> implemented", () => {
    expect(nextStatus("suggestion", "submitted", "review")).toBe("under_review");
    expect(nextStatus("suggestion", "under_review", "accept")).toBe("accepted");
    expect(nextStatus("suggestion", "under_review", "decline")).toBe("declined");
    expect(nextStatus("suggestion", "accepted", "implement")).toBe("implemented");
  });

  it("only the named transitions exist: completed -> submitted, denied -> approved, a suggestion approved, ... are not", () => {
    expect(nextStatus("approval", "completed", "answer")).toBeNull();
    expect(nextStatus("approval", "denied", "approve")).toBeNull();
    expect(nextStatus("approval", "approved", "approve")).toBeNull();
    expect(nextStatus("approval", "submitted", "complete")).toBeNull();
    expect(nextStatus("suggestion", "submitted", "approve")).toBeNull();
    expect(nextStatus("suggestion", "submitted", "accept")).toBeNull();
    // The whole table, counted: 5 approval edges and 2 withdrawals, 4 suggestion edges and 2 withdrawals.
    const count = (w: "approval" | "suggestion") =>
      Object.values(TRANSITIONS[w]).reduce((n, e) => n + Object.keys(e ?? {}).length, 0);
    expect(count("approval")).toBe(7);
    expect(count("suggestion")).toBe(6);
    for (const s of ["denied", "completed", "withdrawn"] as const) expect(decisionsFrom("approval", s)).toEqual([]);
    for (const s of ["declined", "implemented", "withdrawn"] as const)
      expect(decisionsFrom("suggestion", s)).toEqual([]);
  });

  it("the requester withdraws what nobody has decided: submitted, needs_info, under_review; never after", () => {
    expect(nextStatus("approval", "submitted", "withdraw")).toBe("withdrawn");
    expect(nextStatus("approval", "needs_info", "withdraw")).toBe("withdrawn");
    expect(nextStatus("suggestion", "submitted", "withdraw")).toBe("withdrawn");
    expect(nextStatus("suggestion", "under_review", "withdraw")).toBe("withdrawn");
    for (const s of ["approved", "denied", "completed", "withdrawn"] as const)
      expect(nextStatus("approval", s, "withdraw")).toBeNull();
    for (const s of ["accepted", "declined", "implemented"] as const)
      expect(nextStatus("suggestion", s, "withdraw")).toBeNull();
    // What waits for an approver is unchanged: a withdrawal is the requester's, not an inbox decision.
    expect(INBOX_STATUSES).not.toContain("needs_info");
    expect(INBOX_STATUSES).not.toContain("withdrawn");
    expect(REQUESTER_DECISIONS.has("withdraw")).toBe(true);
    expect(approverDecisionsFrom("approval", "needs_info")).toEqual([]);
    expect(approverDecisionsFrom("approval", "submitted")).toEqual(["approve", "deny", "needs_info"]);
    expect(approverDecisionsFrom("suggestion", "under_review")).toEqual(["accept", "decline"]);
  });

  it("every status a transition names is a status; the suggestion form has its own workflow", () => {
    for (const table of Object.values(TRANSITIONS))
      for (const [from, edges] of Object.entries(table)) {
        expect(REQUEST_STATUSES).toContain(from);
        for (const to of Object.values(edges ?? {})) expect(REQUEST_STATUSES).toContain(to);
      }
    expect(workflowOf("improvement_suggestion")).toBe("suggestion");
    expect(workflowOf("ro_reversal")).toBe("approval");
    expect(workflowOf("tech_time")).toBe("approval");
    expect(workflowOf("uniform_request")).toBe("approval");
  });

  it("a denial needs a reason; the requester edits only undecided requests", () => {
    expect(COMMENT_REQUIRED.has("deny")).toBe(true);
    expect(COMMENT_REQUIRED.has("approve")).toBe(false);
    expect([...EDITABLE_BY_REQUESTER].sort()).toEqual(["needs_info", "submitted"]);
  });
});

describe("a timeline step as it reads", () => {
  it("names where a decision came from and went; an answer reads 'Needs information → Answered'", () => {
    expect(stepTitle({ decision: "approve", from_status: "submitted", status: "approved" })).toBe(
      "Submitted → Approved",
    );
    expect(stepTitle({ decision: "needs_info", from_status: "submitted", status: "needs_info" })).toBe(
      "Submitted → Needs information",
    );
    expect(stepTitle({ decision: "answer", from_status: "needs_info", status: "submitted" })).toBe(
      "Needs information → Answered",
    );
    expect(stepTitle({ decision: "implement", from_status: "accepted", status: "implemented" })).toBe(
      "Accepted → Implemented",
    );
  });

  it("names the record's own events, and a decision without its origin by the decision", () => {
    expect(stepTitle({ decision: "submit", from_status: null, status: "submitted" })).toBe("Submitted");
    expect(stepTitle({ decision: "move", from_status: "approved", status: "approved" })).toBe("Moved");
    expect(stepTitle({ decision: "deny", from_status: null, status: "denied" })).toBe("Deny → Denied");
  });
});

describe("the comment that stands where a request is", () => {
  const step = (decision: string, status: string, comment: string) =>
    ({ decision, status, comment, from_status: null }) as Parameters<typeof stepTitle>[0] & { comment: string };

  it("is the last question while information is needed, the reason once denied or declined", () => {
    const steps = [
      step("submit", "submitted", ""),
      step("needs_info", "needs_info", "Which job line?"),
      step("answer", "submitted", "Line 2"),
      step("needs_info", "needs_info", "And the RO?"),
    ];
    expect(standingComment(steps, "needs_info")).toEqual({ kind: "question", step: steps[3] });
    expect(
      standingComment([...steps, step("answer", "submitted", "88231"), step("deny", "denied", "Late")], "denied"),
    ).toMatchObject({ kind: "reason", step: { comment: "Late" } });
    expect(standingComment([step("decline", "declined", "Out of scope")], "declined")).toMatchObject({
      kind: "reason",
    });
  });

  it("is nothing where no question or reason put the request", () => {
    expect(
      standingComment([step("submit", "submitted", ""), step("approve", "approved", "fine")], "approved"),
    ).toBeNull();
    expect(standingComment([step("needs_info", "needs_info", "?")], "submitted")).toBeNull();
  });
});
