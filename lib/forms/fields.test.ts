import { describe, expect, it } from "vitest";
import { displayDate, emailField, idField, optionalTime, parseFormDate, requiredDate, requiredText } from "./fields";

describe("staff form fields", () => {
  it("reads YYYY-MM-DD and MM/DD/YYYY, refuses dates that do not exist", () => {
    expect(parseFormDate("2026-02-28")).toBe("2026-02-28");
    expect(parseFormDate("2/8/2026")).toBe("2026-02-08");
    expect(parseFormDate("02/30/2026")).toBeNull();
    expect(parseFormDate("2026-02-30")).toBeNull();
    expect(parseFormDate("02/29/2025")).toBeNull();
    expect(parseFormDate("02/29/2024")).toBe("2024-02-29");
    expect(parseFormDate("13/01/2026")).toBeNull();
    expect(parseFormDate("abc")).toBeNull();
    expect(displayDate("2026-02-08")).toBe("02/08/2026");
    const d = requiredDate("Select Date");
    expect(d.safeParse("").error?.issues[0].message).toBe("Select Date");
    expect(d.safeParse(undefined).error?.issues[0].message).toBe("Select Date");
    expect(d.safeParse("02/30/2026").error?.issues[0].message).toBe("Please enter a valid date (MM/DD/YYYY).");
  });

  it("required text: message when empty or blank, refuses 191 characters", () => {
    const s = requiredText("Please enter employee name", "Employee Name");
    expect(s.safeParse("   ").error?.issues[0].message).toBe("Please enter employee name");
    expect(s.safeParse("x".repeat(190)).success).toBe(true);
    expect(s.safeParse("x".repeat(191)).error?.issues[0].message).toBe(
      "Employee Name Can Not Be Longer Than 190 Characters.",
    );
  });

  it("ids are digits only: 'abc', '1e3', '1.5', 0 and negatives are refused", () => {
    const s = idField("Select Location");
    expect(s.parse("12")).toBe(12);
    expect(s.parse(12)).toBe(12);
    for (const bad of ["abc", "1e3", "1.5", "", "0", 0, -3, 1.5, "99999999999", null])
      expect(s.safeParse(bad).error?.issues[0].message, String(bad)).toBe("Select Location");
  });

  it("times are HH:MM within a day: the picker's HH:MM[:SS] and the old clients' H:MM and '9:05 AM' are read", () => {
    const s = optionalTime();
    expect(s.parse("9:05")).toBe("09:05");
    expect(s.parse("17:45")).toBe("17:45");
    expect(s.parse("17:45:30")).toBe("17:45");
    expect(s.parse("9:05 AM")).toBe("09:05");
    expect(s.parse("12:30pm")).toBe("12:30");
    expect(s.parse("12:10 a.m.")).toBe("00:10");
    expect(s.parse("")).toBe("");
    for (const bad of ["24:00", "12:60", "abc", "1e3", "12:5", "13:00 PM", "0:30 AM"])
      expect(s.safeParse(bad).success, bad).toBe(false);
  });

  it("e-mail: required, then valid", () => {
    const s = emailField("Employee Email Required", "Please Enter Valid Employee Email");
    expect(s.safeParse("").error?.issues[0].message).toBe("Employee Email Required");
    expect(s.safeParse("nope").error?.issues[0].message).toBe("Please Enter Valid Employee Email");
    expect(s.parse(" a@example.com ")).toBe("a@example.com");
  });
});
