import { describe, expect, it } from "vitest";
import { techTimeSchema, blankTechTime, timeOutBeforeIn } from "./schemas";

describe("a row's Time Out before its Time In", () => {
  it("is pointed out only when both are times and Time Out is earlier", () => {
    expect(timeOutBeforeIn("09:00", "08:30")).toBe(true);
    expect(timeOutBeforeIn("9:00", "8:59")).toBe(true);
    expect(timeOutBeforeIn("09:00", "09:00")).toBe(false);
    expect(timeOutBeforeIn("09:00", "17:00")).toBe(false);
    expect(timeOutBeforeIn("", "08:00")).toBe(false);
    expect(timeOutBeforeIn("25:00", "08:00")).toBe(false);
    expect(timeOutBeforeIn(undefined, undefined)).toBe(false);
  });

  it("does not stop the save (the old portal leaves the rows unvalidated)", () => {
    const form = {
      ...blankTechTime(),
      employeeNumber: "T-1",
      employeeName: "Tess",
      locationId: "1",
      employeeEmail: "t@example.com",
    };
    form.shop = [{ date: "", customerName: "", roNumber: "", reason: "", job: "", timeIn: "17:00", timeOut: "08:00" }];
    expect(techTimeSchema.safeParse(form).success).toBe(true);
  });
});
