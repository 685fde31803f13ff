"use client";

import { Field, ReadOnlyField, SelectField, TextAreaField } from "@/components/ui/input";
import { LocationSelect } from "@/components/forms/location-select";
import { StaffFormShell, useStaffForm, type StaffFormProps } from "@/components/forms/staff-form-shell";
import { saveTimeOffAction } from "@/lib/forms/time-off/actions";
import { TIME_OFF_TYPES } from "@/lib/forms/column-values";
import { TIME_OFF_FIELDS, blankTimeOff, timeOffSchema, type TimeOffInput } from "@/lib/forms/time-off/schemas";

type Props = StaffFormProps<TimeOffInput> & {
  /** Whose request it is: the requester's profile (a new request's is the user's own). */
  requester: { name: string; email: string };
};

/** The time-off request form in add or edit mode (docs/recipes/add-a-staff-form.md): the days, half day, type, location and a note. */
export function TimeOffForm({ initial, locations, roleId, requester, me }: Props) {
  const { form, bind } = useStaffForm(timeOffSchema, initial);
  const from = form.watch("dateFrom");
  const oneDay = !!from && from === form.watch("dateTo");
  const halfDay = bind("halfDay");
  return (
    <StaffFormShell
      form={form}
      screen="time_off_request"
      roleId={roleId}
      editing={!!initial.id}
      save={(values) => saveTimeOffAction(values)}
      fields={TIME_OFF_FIELDS}
      blank={() => blankTimeOff(me)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <ReadOnlyField label="Employee Name" value={requester.name} />
        <ReadOnlyField label="Employee E-mail" value={requester.email} />
        <Field label="Date From" required type="date" {...bind("dateFrom")} />
        <Field label="Date To" required type="date" min={from || undefined} {...bind("dateTo")} />
        <div>
          <label className="inline-flex items-center gap-2 py-2 text-sm text-slate-800">
            <input
              type="checkbox"
              defaultChecked={initial.halfDay === true}
              aria-invalid={halfDay.error ? true : undefined}
              aria-describedby={halfDay.error ? "time-off-half-day-error" : "time-off-half-day-hint"}
              {...form.register("halfDay")}
            />
            Half Day
          </label>
          {halfDay.error ? (
            <p id="time-off-half-day-error" className="mt-1 text-sm text-red-600">
              {halfDay.error}
            </p>
          ) : (
            <p id="time-off-half-day-hint" className="text-sm text-slate-600">
              {oneDay ? "Half of this day." : "Only for a single day (Date From and Date To the same)."}
            </p>
          )}
        </div>
        <SelectField label="Type" required {...bind("type")}>
          {TIME_OFF_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <LocationSelect required locations={locations} {...bind("locationId")} />
      </div>
      <TextAreaField label="Note" rows={3} {...bind("note")} />
    </StaffFormShell>
  );
}
