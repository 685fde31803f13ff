"use client";

import { Field } from "@/components/ui/input";
import { TextAreaField } from "@/components/ui/input";
import { LocationSelect } from "@/components/forms/location-select";
import { StaffFormShell, TEXT_INPUT, useStaffForm, type StaffFormProps } from "@/components/forms/staff-form-shell";
import { saveRoReversalAction } from "@/lib/forms/ro-reversal/actions";
import { PAY_TYPES } from "@/lib/forms/column-values";
import { RO_FIELDS, blankRoReversal, roReversalSchema, type RoReversalInput } from "@/lib/forms/ro-reversal/schemas";

/** AddUpdateROReversalRequest / UpdateROReversalRequest: the RO reversal form in add or edit mode. */
export function RoReversalForm({ initial, locations, roleId, me }: StaffFormProps<RoReversalInput>) {
  const { form, bind } = useStaffForm(roReversalSchema, initial);
  const warranty = form.watch("payType") === "Warranty";
  return (
    <StaffFormShell
      form={form}
      screen="ro_reversal"
      roleId={roleId}
      editing={!!initial.id}
      save={(values) => saveRoReversalAction(values)}
      fields={RO_FIELDS}
      blank={() => blankRoReversal(me)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Employee Name" required {...TEXT_INPUT} {...bind("employeeName")} />
        <Field label="Date of Request" required type="date" {...bind("dateOfRequest")} />
        <Field label="Full RA#" required {...TEXT_INPUT} {...bind("fullRa")} />
        <Field
          label="Date RA Was Originally Closed"
          required
          max={form.watch("dateOfRequest") || undefined}
          type="date"
          {...bind("dateRaClosed")}
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Pay Type</legend>
          <div className="flex gap-4 py-2" role="radiogroup" aria-label="Pay Type (required)" aria-required="true">
            {PAY_TYPES.map((p) => (
              <label key={p} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={p} defaultChecked={initial.payType === p} {...form.register("payType")} />
                {p}
              </label>
            ))}
          </div>
        </fieldset>
        <LocationSelect required locations={locations} {...bind("locationId")} />
      </div>
      <TextAreaField label="Reason Reversal Is Required" required rows={4} {...bind("reason")} />
      {warranty && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="How much time in vs Billed?" required {...TEXT_INPUT} {...bind("billedTime")} />
          <TextAreaField label="What is the Tech's Efficiency MTD?" required rows={2} {...bind("questions")} />
        </div>
      )}
    </StaffFormShell>
  );
}
