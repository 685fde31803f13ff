import { describe, expect, it } from "vitest";
import { dueAt } from "./deadlines";

describe("dueAt: working days, Monday to Friday, America/Los_Angeles", () => {
  it("two working days from a Tuesday 10:00 is Thursday 10:00 local", () => {
    // 2026-11-17 is a Tuesday; 10:00 PST = 18:00Z.
    expect(dueAt(new Date("2026-11-17T18:00:00Z"), 2)?.toISOString()).toBe("2026-11-19T18:00:00.000Z");
  });
  it("skips the weekend: Thursday + 2 is Monday; Friday + 1 is Monday", () => {
    expect(dueAt(new Date("2026-11-19T18:00:00Z"), 2)?.toISOString()).toBe("2026-11-23T18:00:00.000Z");
    expect(dueAt(new Date("2026-11-20T18:00:00Z"), 1)?.toISOString()).toBe("2026-11-23T18:00:00.000Z");
  });
  it("a weekend submission counts from Monday's start", () => {
    // Saturday 2026-11-21 12:00 PST; + 1 working day = Tuesday 00:00 PST (08:00Z).
    expect(dueAt(new Date("2026-11-21T20:00:00Z"), 1)?.toISOString()).toBe("2026-11-24T08:00:00.000Z");
  });
  it("uses the zone's date, not UTC's: Monday 17:00 PST is Tuesday 01:00Z", () => {
    // Monday 2026-11-23 17:00 PST; + 4 working days = Friday 17:00 PST.
    expect(dueAt(new Date("2026-11-24T01:00:00Z"), 4)?.toISOString()).toBe("2026-11-28T01:00:00.000Z");
  });
  it("keeps the local time across the DST change (PDT -> PST on 2026-11-01)", () => {
    // Friday 2026-10-30 10:00 PDT (17:00Z) + 1 = Monday 2026-11-02 10:00 PST (18:00Z).
    expect(dueAt(new Date("2026-10-30T17:00:00Z"), 1)?.toISOString()).toBe("2026-11-02T18:00:00.000Z");
  });
  it("no target, no due time", () => {
    expect(dueAt(new Date(), 0)).toBeNull();
  });
});
