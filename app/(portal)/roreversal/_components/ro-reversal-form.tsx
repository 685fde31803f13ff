"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { TextArea } from "@/components/content/form-parts";
import { LocationSelect, type LocationOption } from "@/components/forms/location-select";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { TEXT_MAX } from "@/lib/forms/fields";
import { saveRoReversalAction } from "@/lib/forms/ro-reversal/actions";
import { PAY_TYPES } from "@/lib/forms/column-values";
import { RO_FIELDS, blankRoReversal, roReversalSchema, type RoReversalInput } from "@/lib/forms/ro-reversal/schemas";

/** AddUpdateROReversalRequest / UpdateROReversalRequest: the RO reversal form in add or edit mode. */
export function RoReversalForm({
  initial,
  locations,
  roleId,
}: {
  initial: RoReversalInput;
  locations: LocationOption[];
  roleId: number;
}) {
  const editing = !!initial.id;
  const form = useForm<RoReversalInput>({
    resolver: zodResolver(roReversalSchema, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const warranty = form.watch("payType") === "Warranty";
  const msg = (name: keyof RoReversalInput) => errors[name]?.message as string | undefined;
  return (
    <StaffFormShell
      form={form}
      screen="ro_reversal"
      roleId={roleId}
      title="RO Reversal Request"
      editing={editing}
      listHref="/roreversal/list"
      save={(values) => saveRoReversalAction(values)}
      fields={RO_FIELDS}
      blank={blankRoReversal}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Employee Name"
          required
          maxLength={TEXT_MAX}
          autoComplete="off"
          error={msg("employeeName")}
          {...form.register("employeeName")}
        />
        <Field
          label="Date of Request"
          required
          type="date"
          error={msg("dateOfRequest")}
          {...form.register("dateOfRequest")}
        />
        <Field
          label="Full RA#"
          required
          maxLength={TEXT_MAX}
          autoComplete="off"
          error={msg("fullRa")}
          {...form.register("fullRa")}
        />
        <Field
          label="Date RA Was Originally Closed"
          required
          max={form.watch("dateOfRequest") || undefined}
          type="date"
          error={msg("dateRaClosed")}
          {...form.register("dateRaClosed")}
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Pay Type</legend>
          <div className="flex gap-4 py-2" role="radiogroup" aria-label="Pay Type (required)" aria-required="true">
            {PAY_TYPES.map((p) => (
              <label key={p} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input type="radio" value={p} {...form.register("payType")} />
                {p}
              </label>
            ))}
          </div>
        </fieldset>
        <LocationSelect required locations={locations} error={msg("locationId")} {...form.register("locationId")} />
      </div>
      <TextArea
        label="Reason Reversal Is Required"
        required
        rows={4}
        error={msg("reason")}
        {...form.register("reason")}
      />
      {warranty && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="How much time in vs Billed?"
            required
            maxLength={TEXT_MAX}
            autoComplete="off"
            error={msg("billedTime")}
            {...form.register("billedTime")}
          />
          <TextArea
            label="What is the Tech's Efficiency MTD?"
            required
            rows={2}
            error={msg("questions")}
            {...form.register("questions")}
          />
        </div>
      )}
    </StaffFormShell>
  );
}
