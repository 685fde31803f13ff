import { describe, expect, it } from "vitest";
import { INVALID_DATE, parseFormDate, tooLong } from "../fields";
import {
  SUGGESTION_MESSAGES as M,
  blankSuggestion,
  suggestionSchema,
  suggestionWithIdSchema,
  type SuggestionValues,
} from "./schemas";

const valid: SuggestionValues = {
  name: "Pat",
  date: "03/05/2026",
  locationId: "2",
  email: "pat@example.com",
  phoneNumber: "",
  describeCurrentProcessAndProblem: "Label the spare keys by bay",
  howWillItBenefit: "",
};

function errors(values: Partial<SuggestionValues>): Record<string, string> {
  const r = suggestionSchema.safeParse({ ...valid, ...values });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("form dates", () => {
  it("reads MM/DD/YYYY and YYYY-MM-DD, refuses dates that do not exist", () => {
    expect(parseFormDate("03/05/2026")).toBe("2026-03-05");
    expect(parseFormDate("2026-03-05")).toBe("2026-03-05");
    expect(parseFormDate("02/29/2028")).toBe("2028-02-29");
    for (const bad of ["02/30/2026", "02/29/2026", "13/01/2026", "2026-02-30", "00/10/2026", "tomorrow", "3/5/26"])
      expect(parseFormDate(bad), bad).toBeNull();
  });
});

describe("the continuous improvement schema", () => {
  it("accepts a complete suggestion, date as YYYY-MM-DD, location as a number", () => {
    expect(suggestionSchema.parse(valid)).toMatchObject({ date: "2026-03-05", locationId: 2, phoneNumber: "" });
  });

  it.each([
    ["name", M.name],
    ["date", M.date],
    ["locationId", M.location],
    ["email", M.email],
  ] as const)("a missing %s is '%s'", (field, message) => {
    expect(errors({ [field]: "" })[field]).toBe(message);
  });

  it("refuses 02/30/2026, a bad e-mail, a 191-character name", () => {
    expect(errors({ date: "02/30/2026" }).date).toBe(INVALID_DATE);
    expect(errors({ email: "pat@" }).email).toBe(M.emailFormat);
    expect(errors({ name: "n".repeat(191) }).name).toBe(tooLong("Name"));
  });

  it("phone is optional; when given, a phone and at most 13 characters", () => {
    expect(errors({ phoneNumber: "+1 5551234567" })).toEqual({});
    expect(errors({ phoneNumber: "call me" }).phoneNumber).toBe(M.phone);
    expect(errors({ phoneNumber: "12345678901234" }).phoneNumber).toBe(M.phoneMax);
  });

  it("refuses a suggestion whose two long answers are both blank, naming the two questions; one of them is enough", () => {
    const blank = { describeCurrentProcessAndProblem: "  ", howWillItBenefit: "" };
    expect(errors(blank)).toEqual({ describeCurrentProcessAndProblem: M.proposal });
    expect(M.proposal).toContain("What Project / Process Improvement are you Proposing");
    expect(M.proposal).toContain("How will it Benefit the Business");
    expect(errors({ describeCurrentProcessAndProblem: "", howWillItBenefit: "Fewer lost keys" })).toEqual({});
    // The edit screen's schema (with the record's id) refuses it too.
    expect(suggestionWithIdSchema.safeParse({ ...valid, ...blank, id: 4 }).error?.issues[0].message).toBe(M.proposal);
  });

  it("shows the proposal's message with the other fields' messages at once", () => {
    const all = errors({ name: "", phoneNumber: "call me", describeCurrentProcessAndProblem: "" });
    expect(all).toEqual({ name: M.name, phoneNumber: M.phone, describeCurrentProcessAndProblem: M.proposal });
  });

  it("a new form starts from the profile with today's date as the picker holds it (YYYY-MM-DD)", () => {
    const me = {
      name: "Pat Lee",
      firstName: "Pat",
      lastName: "Lee",
      email: "pat@example.com",
      employeeNumber: "E-7",
      locationId: 3,
    };
    expect(blankSuggestion(me)).toMatchObject({ name: "Pat Lee", email: "pat@example.com", locationId: "3" });
    expect(blankSuggestion(me).date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(blankSuggestion()).toMatchObject({ name: "", email: "", locationId: "" });
  });
});
