import { z } from "zod";
import { line, text } from "@/lib/validation/text";
import { FILTER_MAX } from "@/lib/data-table/state";
import { listCallBody, listFilters, recordIdList } from "@/lib/data-table/list-body";
import { USER_DEFAULT_SORT } from "./columns";
import { idListSchema, idSchema, MAX_ID, optionalIdSchema } from "@/lib/validation/id";

/**
 * The people screens' schemas. First their forms (Edit User, Edit Profile, Change Password, e-mail
 * notification, HR order): one zod schema each, shared by the forms (react-hook-form) and the server
 * (actions and v1 calls); then the v1 calls' own bodies (the list, delete, selectors, e-mail, HR order).
 * No server imports: the browser loads this file.
 */

/** The old portal's messages and texts (docs/decisions.md). */
export const PEOPLE_MESSAGES = {
  roleRequired: "Role is Required",
  roleUnknown: "The selected role does not exist.",
  permissionUnknown: "The selected permission does not exist.",
  stateRequired: "State Required.",
  stateUnknown: "The selected state does not exist.",
  locationUnknown: "The selected location does not exist.",
  departmentUnknown: "The selected department does not exist.",
  departmentNotAtLocation: "The selected department is not the location's department.",
  /** An own-profile body that names another value of what an administrator keeps (docs/decisions.md). */
  keptByAdministrator: (field: string) =>
    `Your ${field} is changed by an administrator (Edit User), not on your profile.`,
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
  empIdTooLong: "The Dayforce Id may not be longer than 64 characters.",
  userAdded: "User added. A link to set a password was e-mailed to them.",
  resetSent: "A link to set a new password was e-mailed to them.",
  resetSsoOnly: "This account signs in through the company's single sign-on: its password is changed there.",
  noEmail: "This user has no e-mail address to send a link to.",
  forgotAnswer:
    "If that address belongs to an account here, a link to set a new password is on its way. It is valid for 72 hours.",
  linkUnknown: "This link is not valid. Please request a new one.",
  linkUsed: "This link was already used. Please request a new one.",
  linkExpired: "This link has expired (links are valid for 72 hours). Please request a new one.",
  linkReplaced: "A newer link was sent after this one: please use the newest, or request a new one.",
  passwordSet: "Your password is set. Please sign in.",
  deactivated: "The account was deactivated.",
  reactivated: "The account was reactivated.",
  deactivateSelf: "You can't deactivate your own account.",
  deactivatedCount: (n: number) => (n === 1 ? "1 account was deactivated." : `${n} accounts were deactivated.`),
  reactivatedCount: (n: number) => (n === 1 ? "1 account was reactivated." : `${n} accounts were reactivated.`),
  alreadyInStatus: (active: boolean) => `The selected accounts are already ${active ? "active" : "deactivated"}.`,
  importFileRequired: "Please upload a CSV file.",
  importHeaders: "The file's first line must name the user export's columns (Name, E-mail, ...).",
  importEmpty: "The file has no rows.",
  importTooMany: "A file may have at most 5,000 rows.",
  importOwnRecord: "Your own record is edited on your profile.",
  importDeleted: "This e-mail belongs to a deleted user.",
  importDuplicate: "This e-mail appears on an earlier row of the file.",
  importUnknownName: (what: string, name: string) => `There is no ${what} named '${name}'.`,
  importAmbiguousLocation: (name: string) => `More than one location is named '${name}': name its department too.`,
} as const;

const M = PEOPLE_MESSAGES;

/** An id from a select: "" or 0 means none (null). */
const optionalId = (message: string) => optionalIdSchema(message).transform((v) => v ?? null);

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
  z.array(idSchema(M.permissionUnknown)).max(100),
);

/** Edit User (administrators): role (required; 0 is no role), state, location, department, phone, permissions. */
export const editUserSchema = z.object({
  id: idSchema(),
  roleId: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 0 : v),
    z.coerce.number({ error: M.roleRequired }).int(M.roleRequired).min(1, M.roleRequired).max(MAX_ID, M.roleUnknown),
  ),
  stateId: optionalId(M.stateUnknown),
  locationId: optionalId(M.locationUnknown),
  departmentId: optionalId(M.departmentUnknown),
  phone: phoneSchema.default(""),
  permissionIds,
});
export type EditUserInput = z.input<typeof editUserSchema>;

/** What an administrator keeps of a user, as an own-profile body may send it back (each part optional). */
export const administratorKeptSchema = editUserSchema
  .pick({ stateId: true, locationId: true, departmentId: true, roleId: true, permissionIds: true })
  .partial();
export type EditUser = z.output<typeof editUserSchema>;

const short = line("This field").trim().max(190, M.textTooLong).default("");
const long = text().max(65534, M.longTextTooLong).default("");

/**
 * Edit Profile (every signed-in user, own profile): the editable items. Personal data is read-only, and
 * so are location, department, role and permissions: they decide what a person may read and approve,
 * so only an administrator changes them (Edit User).
 */
export const profileSchema = z.object({
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

/**
 * A person as an administrator adds them (Add user, and each row of an import): their personal data,
 * Dayforce Id and what Edit User sets. One schema for both, so every rule holds for either.
 */
export const newUserSchema = editUserSchema.omit({ id: true }).extend({
  ...personalDataSchema.shape,
  email: personalDataSchema.shape.email.transform((v) => v.toLowerCase()),
  empId: line("Dayforce Id").trim().max(64, M.empIdTooLong).default(""),
});
export type NewUserInput = z.input<typeof newUserSchema>;
export type NewUser = z.output<typeof newUserSchema>;

/** 'Forgot password?': the account's e-mail address (any text: the answer is the same either way). */
export const forgotPasswordSchema = z.object({
  email: line("Email", { error: M.emailRequired }).trim().min(1, M.emailRequired).max(190, M.emailInvalid),
});

/** Send password reset, Deactivate, Reactivate: one user. */
export const userIdBody = z.object({ id: idSchema() });

/**
 * An import: the CSV's stored path (a temporary upload of the caller, store_document?kind=document)
 * and whether to write it (`commit`), else only the preview.
 */
export const importUsersBody = z.object({
  file: text({ error: M.importFileRequired }).trim().min(1, M.importFileRequired).max(1000),
  commit: z.preprocess((v) => v === true || v === "true" || v === "1" || v === 1, z.boolean()).default(false),
});

/** A new password, typed twice (Change Password, and setting one through a mailed link): min 6 characters. */
const newPasswordFields = {
  newPassword: text({ error: M.newPasswordRequired }).min(1, M.newPasswordRequired).min(6, M.newPasswordShort).max(200),
  confirmpassword: text({ error: M.confirmRequired }).min(1, M.confirmRequired).max(200),
};
const passwordsMatch: [
  (v: { newPassword: string; confirmpassword: string }) => boolean,
  { message: string; path: string[] },
] = [(v) => v.newPassword === v.confirmpassword, { message: M.passwordMismatch, path: ["confirmpassword"] }];

/** Change Password. The old password is checked on the server. */
export const changePasswordSchema = z
  .object({
    oldPassword: text({ error: M.oldPasswordRequired }).min(1, M.oldPasswordRequired).max(200),
    ...newPasswordFields,
  })
  .refine(...passwordsMatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Setting a password through a mailed link: the link's secret and the new password, twice. */
export const setPasswordSchema = z
  .object({ token: text().trim().min(1, M.linkUnknown).max(200, M.linkUnknown), ...newPasswordFields })
  .refine(...passwordsMatch);
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

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
  ids: idListSchema(10_000).min(1),
});

// The v1 calls' bodies.
/** The old portal's names for a few list columns, accepted as filter and sort fields. */
const FIELD_ALIASES: Record<string, string> = {
  role_id: "role",
  role_name: "role",
  location_id: "location",
  location_name: "location",
  department_id: "department",
  department_name: "department",
  state_id: "state",
  username: "emp_id",
};

/** A v1 `filters` object to the list's filter state (old column names translated, empty values dropped). */
export const apiFilters = (raw: Record<string, string | number | null>) => listFilters(raw, FIELD_ALIASES, true);

const ids = recordIdList("users");

/**
 * POST listuser: `page`, `perPage`, `filters` ({ column: value }), `sort` ({ field, type } or a list
 * of them; the first counts), `export_users` (truthy: a download link instead of rows; "xlsx" for a
 * workbook, else CSV) and `users_arr` (export only these ids). Range and column checks happen in
 * assertTableState, so they answer with the field named.
 */
export const listUserBody = listCallBody({
  defaultSort: USER_DEFAULT_SORT,
  aliases: FIELD_ALIASES,
  exportField: "export_users",
  idsField: "users_arr",
  idsNoun: "users",
  keepNullText: true,
});

/** POST deleteuser: `deleteArr`, the ids to delete. */
export const deleteUserBody = z.object({ deleteArr: ids.min(1, "Select at least one record.") });

/** The user list's Deactivate / Reactivate: the selected users. */
export const setUsersActiveBody = z.object({
  ids: ids.min(1, "Select at least one record."),
  active: z.boolean({ error: "Choose Deactivate or Reactivate." }),
});

/** POST getstate: optional `search`. */
export const getStateBody = z.object({ search: text().trim().max(100).optional() });

/** POST getdepartment: optional `location` (a location id). */
export const getDepartmentBody = z.object({
  location: z.union([idSchema(), z.literal(""), z.null()]).optional(),
});

const filterRecord = z.record(text().max(60), z.union([text().max(FILTER_MAX), z.number()]).nullable());

/**
 * POST sendemail (form data or JSON): `subject`, `message`, `users_arr` (the selected ids; a list or
 * comma-separated), else every user matching `filters` (an object or its JSON); `attachment`, an
 * uploaded file's path (store_document?kind=attachment). `sort` and `send_email` are accepted and unused.
 */
export const sendEmailBody = z
  .object({
    subject: text().max(100_000).optional(),
    message: text().max(100_000).optional(),
    filters: z
      .union([filterRecord, text().max(20_000)])
      .nullable()
      .optional(),
    sort: z.unknown().optional(),
    users_arr: z
      .union([z.array(z.union([z.number(), text().max(12)])), text().max(10_000)])
      .nullable()
      .optional(),
    send_email: z
      .union([z.boolean(), z.number(), text().max(20)])
      .nullable()
      .optional(),
    attachment: text().max(1000).nullable().optional(),
  })
  .transform((b, ctx) => {
    let raw: unknown = b.filters ?? {};
    if (typeof raw === "string") {
      try {
        raw = raw.trim() ? JSON.parse(raw) : {};
      } catch {
        raw = null;
      }
    }
    const parsed = filterRecord.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "The filters are not valid.", path: ["filters"] });
      return z.NEVER;
    }
    const list = typeof b.users_arr === "string" ? b.users_arr.split(",").filter((s) => s.trim()) : (b.users_arr ?? []);
    const ids = ids_.safeParse(list);
    if (!ids.success) {
      ctx.addIssue({
        code: "custom",
        message: ids.error.issues[0]?.message ?? "The users are not valid.",
        path: ["users_arr"],
      });
      return z.NEVER;
    }
    return {
      subject: b.subject ?? "",
      message: b.message ?? "",
      attachmentPath: b.attachment ?? "",
      ids: ids.data,
      filters: apiFilters(parsed.data),
    };
  });
const ids_ = ids;

/** POST changepositionhr: `imageList`, the users in their new order (ids, or objects with an `id`); `type` is unused. */
export const changePositionHrBody = z.object({
  imageList: z
    .array(z.union([idSchema(), z.object({ id: idSchema() }).transform((o) => o.id)]))
    .min(1, "The list is empty.")
    .max(10_000),
  type: text().max(60).optional(),
});
