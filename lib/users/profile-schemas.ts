import { z } from "zod";
import { line, text } from "@/lib/validation/text";

/**
 * The people screens' forms (Edit User, Edit Profile, Change Password, e-mail notification, HR order):
 * one zod schema each, shared by the forms (react-hook-form) and the server (actions and v1 calls).
 * No server imports: the browser loads this file.
 */

/** The spec's texts (admin-and-forms sections 5 and 8). */
export const PEOPLE_MESSAGES = {
  roleRequired: "Role is Required",
  roleUnknown: "The selected role does not exist.",
  permissionUnknown: "The selected permission does not exist.",
  stateRequired: "State Required.",
  stateUnknown: "The selected state does not exist.",
  locationUnknown: "The selected location does not exist.",
  departmentUnknown: "The selected department does not exist.",
  departmentNotAtLocation: "The selected department is not the location's department.",
  emailRequired: "Please Enter Email",
  emailInvalid: "Please Enter Valid Email",
  emailTaken: "This e-mail address is already used by another user.",
  firstNameRequired: "First Name Required.",
  lastNameRequired: "Last Name Required.",
  nameTooLong: "The name may not be longer than 190 characters.",
  textTooLong: "This field may not be longer than 190 characters.",
  longTextTooLong: "This field may not be longer than 65534 characters.",
  phoneNumeric: "Phone Number Must Be Numeric.",
  phoneMin: "Phone Number Must Be Of Minimum 10 Digits.",
  phoneMax: "Phone Number Must Be Of Maximum 13 Digits.",
  notRegistered: "Sorry, User is not registered in the System",
  userUpdated: "User Updated Successfully",
  profileChanged: "Profile Changed Successfully",
  oldPasswordRequired: "Old Password Required",
  newPasswordRequired: "New Password Required",
  newPasswordShort: "New Password Length Longer Than 6",
  confirmRequired: "Confirm Required",
  passwordMismatch: "Password Does Not Match",
  oldPasswordWrong: "The old password is not correct.",
  passwordChanged: "Password Changed Successfully",
  ssoOnly: "Your account signs in through the company's single sign-on: change your password there.",
  subjectRequired: "Subject Is Required",
  messageRequired: "Email Message Is Required",
  noRecipients: "No users match: nobody to send the e-mail to.",
  emailSent: "Email Notification Sent Successfully",
  hrSaved: "The HR list order was saved.",
  hrUnknownUser: "The list contains a user that does not exist.",
} as const;

const M = PEOPLE_MESSAGES;
const INT_MAX = 2_147_483_647;

/** An id from a select: "" or 0 means none. */
const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined || v === 0 || v === "0" ? null : v),
    z.coerce.number({ error: message }).int(message).positive(message).max(INT_MAX, message).nullable(),
  );

/** Phone: optional; digits only (spaces, dashes, dots, brackets and a leading + are ignored), 10 to 13 of them. */
export const phoneSchema = text()
  .trim()
  .max(32, M.phoneMax)
  .refine((v) => v === "" || /^\+?[\d\s().-]+$/.test(v), M.phoneNumeric)
  .transform((v) => v.replace(/[^\d+]/g, ""))
  .refine((v) => v === "" || v.replace(/\D/g, "").length >= 10, M.phoneMin)
  .refine((v) => v.replace(/\D/g, "").length <= 13, M.phoneMax);

const permissionIds = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : String(v).split(",")),
  z
    .array(
      z.coerce
        .number({ error: M.permissionUnknown })
        .int(M.permissionUnknown)
        .positive(M.permissionUnknown)
        .max(INT_MAX, M.permissionUnknown),
    )
    .max(100),
);

/** Edit User (administrators): role (required; 0 is no role), state, location, department, phone, permissions. */
export const editUserSchema = z.object({
  id: z.coerce.number().int().positive().max(INT_MAX),
  roleId: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 0 : v),
    z.coerce.number({ error: M.roleRequired }).int(M.roleRequired).min(1, M.roleRequired).max(INT_MAX, M.roleUnknown),
  ),
  stateId: optionalId(M.stateUnknown),
  locationId: optionalId(M.locationUnknown),
  departmentId: optionalId(M.departmentUnknown),
  phone: phoneSchema.default(""),
  permissionIds,
});
export type EditUserInput = z.input<typeof editUserSchema>;
export type EditUser = z.output<typeof editUserSchema>;

const short = line("This field").trim().max(190, M.textTooLong).default("");
const long = text().max(65534, M.longTextTooLong).default("");

/** Edit Profile (every signed-in user, own profile): the editable items; personal data is read-only. */
export const profileSchema = z.object({
  locationId: optionalId(M.locationUnknown),
  post: short,
  teamDesignation: short,
  description: long,
  bio: long,
  quote: short,
  quoteName: short,
  /** A new photo: the path uploadmedia answered (a temporary upload of the caller); "" keeps the current one. */
  filePath: text().trim().max(1000).default(""),
  /** Removes the current photo (when no new one is given). */
  removePhoto: z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean()).default(false),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.output<typeof profileSchema>;

/** Personal data, which only an administrator may change (the v1 changeprofile call). */
export const personalDataSchema = z.object({
  firstName: line("First Name", { error: M.firstNameRequired })
    .trim()
    .min(1, M.firstNameRequired)
    .max(190, M.nameTooLong),
  lastName: line("Last Name", { error: M.lastNameRequired }).trim().min(1, M.lastNameRequired).max(190, M.nameTooLong),
  email: line("Email", { error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(190, M.emailInvalid)
    .pipe(z.email({ error: M.emailInvalid })),
});

/** Change Password. The old password is checked on the server; min 6 characters for the new one. */
export const changePasswordSchema = z
  .object({
    oldPassword: text({ error: M.oldPasswordRequired }).min(1, M.oldPasswordRequired).max(200),
    newPassword: text({ error: M.newPasswordRequired })
      .min(1, M.newPasswordRequired)
      .min(6, M.newPasswordShort)
      .max(200),
    confirmpassword: text({ error: M.confirmRequired }).min(1, M.confirmRequired).max(200),
  })
  .refine((v) => v.newPassword === v.confirmpassword, { message: M.passwordMismatch, path: ["confirmpassword"] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The e-mail notification's texts (the attachment, if any, is an uploaded file's path). */
export const notificationSchema = z.object({
  subject: line("The subject", { error: M.subjectRequired })
    .trim()
    .min(1, M.subjectRequired)
    .max(190, "The subject may not be longer than 190 characters."),
  message: text({ error: M.messageRequired }).trim().min(1, M.messageRequired).max(65534, M.longTextTooLong),
  attachmentPath: text().trim().max(1000).default(""),
});
export type NotificationInput = z.input<typeof notificationSchema>;

/** HR order: every user id in the new order (first = position 1). */
export const hrOrderSchema = z.object({
  ids: z.array(z.coerce.number().int().positive().max(INT_MAX)).min(1).max(10_000),
});
