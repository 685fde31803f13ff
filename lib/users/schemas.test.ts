import { describe, expect, it } from "vitest";
import {
  PEOPLE_MESSAGES as M,
  changePasswordSchema,
  editUserSchema,
  notificationSchema,
  phoneSchema,
  profileSchema,
} from "./schemas";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0].message;

describe("phoneSchema", () => {
  it.each([
    ["", ""],
    ["5551234567", "5551234567"],
    ["(555) 123-4567", "5551234567"],
    ["+1 555 123 4567", "+15551234567"],
    ["1234567890123", "1234567890123"],
  ])("%j is accepted as %j", (input, out) => {
    expect(phoneSchema.parse(input)).toBe(out);
  });
  it.each([
    ["123456789", M.phoneMin],
    ["12345678901234", M.phoneMax],
    ["555-CALL-NOW", M.phoneNumeric],
    ["12345abcde", M.phoneNumeric],
  ])("%j is refused with '%s'", (input, message) => {
    expect(firstMessage(phoneSchema.safeParse(input))).toBe(message);
  });
});

describe("editUserSchema", () => {
  it("role 0, empty or missing is 'Role is Required'", () => {
    for (const roleId of [0, "0", "", undefined])
      expect(firstMessage(editUserSchema.safeParse({ id: 5, roleId }))).toBe(M.roleRequired);
  });
  it("turns select values into ids and nulls", () => {
    expect(
      editUserSchema.parse({
        id: "5",
        roleId: "2",
        stateId: "",
        locationId: "3",
        departmentId: "0",
        phone: "",
        permissionIds: ["1", 2],
      }),
    ).toEqual({
      id: 5,
      roleId: 2,
      stateId: null,
      locationId: 3,
      departmentId: null,
      phone: "",
      permissionIds: [1, 2],
    });
  });
  it("a permission id that is not a positive number is refused", () => {
    expect(firstMessage(editUserSchema.safeParse({ id: 5, roleId: 1, permissionIds: ["x"] }))).toBe(
      M.permissionUnknown,
    );
  });
});

describe("changePasswordSchema and the other forms", () => {
  it("gives the old portal's messages", () => {
    expect(
      firstMessage(
        changePasswordSchema.safeParse({ oldPassword: "", newPassword: "abcdef", confirmpassword: "abcdef" }),
      ),
    ).toBe(M.oldPasswordRequired);
    expect(
      firstMessage(
        changePasswordSchema.safeParse({ oldPassword: "a", newPassword: "12345", confirmpassword: "12345" }),
      ),
    ).toBe(M.newPasswordShort);
    expect(
      firstMessage(
        changePasswordSchema.safeParse({ oldPassword: "a", newPassword: "123456", confirmpassword: "123457" }),
      ),
    ).toBe(M.passwordMismatch);
    expect(firstMessage(notificationSchema.safeParse({ subject: "", message: "m" }))).toBe(M.subjectRequired);
    expect(firstMessage(notificationSchema.safeParse({ subject: "a\r\nBcc: x@example.com", message: "m" }))).toBe(
      "The subject must be on one line.",
    );
    expect(firstMessage(profileSchema.safeParse({ post: "x".repeat(191) }))).toBe(M.textTooLong);
  });
});
