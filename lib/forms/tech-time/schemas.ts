import { z } from "zod";
import { apiSaveBody } from "@/lib/forms/api-body";
import {
  emailField,
  fieldNames,
  idField,
  nullAsEmpty,
  optionalDate,
  optionalText,
  optionalTime,
  requiredDate,
  requiredText,
  todayIso,
} from "@/lib/forms/fields";
import { LOCATION_REQUIRED_MESSAGE } from "@/lib/forms/messages";
import type { FormProfile } from "@/lib/forms/profile";

/** The old portal's messages. */
export const TECH_MESSAGES = {
  employeeNumber: "Please enter employee number",
  employeeName: "Please enter employee name",
  date: "Select Date",
  location: LOCATION_REQUIRED_MESSAGE,
  emailRequired: "Employee Email Required",
  emailInvalid: "Please Enter Valid Employee Email",
} as const;

/** The success message of a save (shown by the form, answered by the call). */
export const TECH_SAVED = "Tech Time Saved Successfully";

/** Not in the old portal: the warning under a row whose Time Out is before its Time In (saving stays possible). */
export const TIME_OUT_BEFORE_IN = "Time Out is before Time In. Please check the times (you can still save).";

/** Whether both times are HH:MM (or H:MM) and Time Out is earlier than Time In. */
export function timeOutBeforeIn(timeIn: string | undefined, timeOut: string | undefined): boolean {
  const minutes = (v: string | undefined) => {
    const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec((v ?? "").trim());
    return m ? Number(m[1]) * 60 + Number(m[2]) : null;
  };
  const a = minutes(timeIn);
  const b = minutes(timeOut);
  return a !== null && b !== null && b < a;
}

/** 4 attendance rows; shop rows start at 4 and the plus button adds up to 16 (the old portal's limits and formats). */
export const ATTENDANCE_ROWS = 4;
export const SHOP_ROWS_START = 4;
export const SHOP_ROWS_MAX = 16;

const cell = <T extends z.ZodType>(s: T) => z.preprocess(nullAsEmpty, s);

/** The rows are not required (the old portal had no rule for them), but what is typed must be a real date and HH:MM. */
export const attendanceRow = z.object({
  date: cell(optionalDate()),
  reason: cell(optionalText("Reason For Edit")),
  timeIn: cell(optionalTime()),
  timeOut: cell(optionalTime()),
});
export const shopRow = z.object({
  date: cell(optionalDate()),
  customerName: cell(optionalText("Customer Name")),
  roNumber: cell(optionalText("RO Number")),
  reason: cell(optionalText("Reason")),
  job: cell(optionalText("Job")),
  timeIn: cell(optionalTime()),
  timeOut: cell(optionalTime()),
});
export type AttendanceRowValues = z.output<typeof attendanceRow>;
export type ShopRowValues = z.output<typeof shopRow>;

const fields = {
  id: z
    .union([z.literal(""), z.null(), idField("The id must be a number.")])
    .optional()
    .transform((v) => (v === "" || v == null ? null : v)),
  employeeNumber: requiredText(TECH_MESSAGES.employeeNumber, "Emp Number"),
  employeeName: requiredText(TECH_MESSAGES.employeeName, "Employee's Full Name"),
  date: requiredDate(TECH_MESSAGES.date),
  employeeEmail: emailField(TECH_MESSAGES.emailRequired, TECH_MESSAGES.emailInvalid),
  attendance: z.array(attendanceRow).max(ATTENDANCE_ROWS, `At most ${ATTENDANCE_ROWS} attendance rows.`).default([]),
  shop: z.array(shopRow).max(SHOP_ROWS_MAX, `At most ${SHOP_ROWS_MAX} shop time rows.`).default([]),
};

/** The tech time form (react-hook-form and the action). */
export const techTimeSchema = z.object({ ...fields, locationId: idField(TECH_MESSAGES.location) });
export type TechTimeInput = z.input<typeof techTimeSchema>;
export type TechTimeValues = z.output<typeof techTimeSchema>;
export const TECH_FIELDS = fieldNames(techTimeSchema);

/** Whether a row holds anything (empty rows are not stored). */
export const rowHasData = (row: Record<string, string>) => Object.values(row).some((v) => v !== "");

const blankAttendance = () => ({ date: "", reason: "", timeIn: "", timeOut: "" });
export const blankShop = () => ({
  date: "",
  customerName: "",
  roNumber: "",
  reason: "",
  job: "",
  timeIn: "",
  timeOut: "",
});

/** A new form: today's date, empty rows; the employee and location from the profile (`me`) when given. */
export const blankTechTime = (me?: FormProfile): TechTimeInput => ({
  id: "",
  employeeNumber: me?.employeeNumber ?? "",
  employeeName: me?.name ?? "",
  date: todayIso(),
  locationId: me?.locationId == null ? "" : String(me.locationId),
  employeeEmail: me?.email ?? "",
  attendance: Array.from({ length: ATTENDANCE_ROWS }, blankAttendance),
  shop: Array.from({ length: SHOP_ROWS_START }, blankShop),
});

/** The form filled to its row counts (4 attendance, at least 4 shop rows) from stored rows. */
export function techTimeFormRows(attendance: z.input<typeof attendanceRow>[], shop: z.input<typeof shopRow>[]) {
  return {
    attendance: [
      ...attendance,
      ...Array.from({ length: Math.max(0, ATTENDANCE_ROWS - attendance.length) }, blankAttendance),
    ],
    shop: [...shop, ...Array.from({ length: Math.max(0, SHOP_ROWS_START - shop.length) }, blankShop)],
  };
}

/**
 * POST /techtime/add/update: `empolyee_number`, `empolyee_name`, `date`, `location` (the location's
 * name, as the old portal sent it), `employee_email`, `attendanceClockTimeArr`, `shopTimeObjects`,
 * `id` (an update changes only what it names; rows named replace the stored rows of their kind);
 * `manager_email` is accepted and ignored (the location's manager is recorded).
 */
export const techTimeApiBody = apiSaveBody(
  z.object({ ...fields, locationName: requiredText(TECH_MESSAGES.location, "Location") }),
  {
    id: "id",
    empolyee_number: "employeeNumber",
    empolyee_name: "employeeName",
    date: "date",
    location: "locationName",
    employee_email: "employeeEmail",
    attendanceClockTimeArr: "attendance",
    shopTimeObjects: "shop",
  },
  { extra: { manager_email: z.unknown().optional() } },
);
