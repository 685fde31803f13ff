import "server-only";
import { schema } from "@/lib/db";
import { submitterOf } from "@/lib/forms/submission";
import { oneRowFormSave, submissionValues } from "@/lib/forms/save-submission";
import type { TimeOffValues } from "./schemas";
import { timeOffFields, timeOffFormValues } from "./columns";
import { TIME_OFF_NOT_FOUND } from "./queries";

/**
 * Saves a time-off request (new, or an edit of one the user may edit) and queues its mail in the same
 * transaction. The requester's name and e-mail come from their profile when they submit it and stay
 * theirs through later edits (an administrator's too); the manager e-mail recorded is the location's.
 */
export const saveTimeOff = oneRowFormSave({
  key: "time_off_request",
  table: schema.timeOffRequests,
  notFound: TIME_OFF_NOT_FOUND,
  formValues: timeOffFormValues,
  fields: timeOffFields,
  build: (v: TimeOffValues, { location, stored, user }) => {
    const me = submitterOf(user);
    const requester = stored
      ? { employeeName: stored.row.employeeName, employeeEmail: stored.row.employeeEmail }
      : { employeeName: me.name, employeeEmail: me.email ?? "" };
    const values = { ...submissionValues({ ...v, note: v.note || null }, location, user), ...requester };
    return {
      values,
      fields: timeOffFields({ ...v, ...requester }, location.name),
    };
  },
});
