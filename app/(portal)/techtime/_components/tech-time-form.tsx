"use client";

import { useFieldArray, useForm, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { LocationSelect, type LocationOption } from "@/components/forms/location-select";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { TEXT_MAX } from "@/lib/forms/fields";
import { saveTechTimeAction } from "@/lib/forms/tech-time/actions";
import { SHOP_ROWS_MAX, TECH_FIELDS, blankShop, blankTechTime, techTimeSchema, type TechTimeInput } from "@/lib/forms/tech-time/schema";

type RowErrors = FieldErrors<Record<string, string>> | undefined;
const cellClass = "min-w-0";

/** The tech time form ('Tech Time', 'Edit Tech Time'): the employee, 4 attendance rows and 4 to 16 shop rows. */
export function TechTimeForm({ initial, locations, roleId }: { initial: TechTimeInput; locations: LocationOption[]; roleId: number }) {
  const editing = !!initial.id;
  const form = useForm<TechTimeInput>({ resolver: zodResolver(techTimeSchema, undefined, { raw: true }), defaultValues: initial });
  const { errors } = form.formState;
  const shop = useFieldArray({ control: form.control, name: "shop" });
  const attendance = useFieldArray({ control: form.control, name: "attendance" });
  const msg = (name: keyof TechTimeInput) => errors[name]?.message as string | undefined;
  const rowError = (list: "attendance" | "shop", i: number, key: string) => ((errors[list] as RowErrors[] | undefined)?.[i] as RowErrors)?.[key]?.message as string | undefined;
  const time = { placeholder: "HH:MM", inputMode: "numeric" as const, maxLength: 5, autoComplete: "off" };
  return (
    <StaffFormShell
      form={form}
      screen="tech_time"
      roleId={roleId}
      title="Tech Time"
      editing={editing}
      listHref="/techtime/list"
      save={(values) => saveTechTimeAction(values)}
      fields={TECH_FIELDS}
      blank={blankTechTime}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Emp Number" maxLength={TEXT_MAX} autoComplete="off" error={msg("employeeNumber")} {...form.register("employeeNumber")} />
        <Field label="Employee's Full Name" maxLength={TEXT_MAX} autoComplete="off" error={msg("employeeName")} {...form.register("employeeName")} />
        <Field label="Date" type="date" error={msg("date")} {...form.register("date")} />
        <LocationSelect locations={locations} error={msg("locationId")} {...form.register("locationId")} />
        <Field label="Employee Email" type="email" maxLength={TEXT_MAX} autoComplete="off" error={msg("employeeEmail")} {...form.register("employeeEmail")} />
      </div>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Attendance Clock Time Corrections</legend>
        {attendance.fields.map((f, i) => (
          <div key={f.id} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4" role="group" aria-label={`Attendance row ${i + 1}`}>
            <Field className={cellClass} label="Date" type="date" error={rowError("attendance", i, "date")} {...form.register(`attendance.${i}.date`)} />
            <Field className={cellClass} label="Reason For Edit" maxLength={TEXT_MAX} autoComplete="off" {...form.register(`attendance.${i}.reason`)} />
            <Field className={cellClass} label="Time In" {...time} error={rowError("attendance", i, "timeIn")} {...form.register(`attendance.${i}.timeIn`)} />
            <Field className={cellClass} label="Time Out" {...time} error={rowError("attendance", i, "timeOut")} {...form.register(`attendance.${i}.timeOut`)} />
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Shop Time Corrections</legend>
        {shop.fields.map((f, i) => (
          <div key={f.id} className="grid gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-4" role="group" aria-label={`Shop time row ${i + 1}`}>
            <Field className={cellClass} label="Date" type="date" error={rowError("shop", i, "date")} {...form.register(`shop.${i}.date`)} />
            <Field className={cellClass} label="Customer Name" maxLength={TEXT_MAX} autoComplete="off" {...form.register(`shop.${i}.customerName`)} />
            <Field className={cellClass} label="RO Number" maxLength={TEXT_MAX} autoComplete="off" {...form.register(`shop.${i}.roNumber`)} />
            <Field className={cellClass} label="Reason" maxLength={TEXT_MAX} autoComplete="off" {...form.register(`shop.${i}.reason`)} />
            <Field className={cellClass} label="Job" maxLength={TEXT_MAX} autoComplete="off" {...form.register(`shop.${i}.job`)} />
            <Field className={cellClass} label="Time In" {...time} error={rowError("shop", i, "timeIn")} {...form.register(`shop.${i}.timeIn`)} />
            <Field className={cellClass} label="Time Out" {...time} error={rowError("shop", i, "timeOut")} {...form.register(`shop.${i}.timeOut`)} />
          </div>
        ))}
        <div className="flex items-center gap-3">
          <Button type="button" variant="secondary" disabled={shop.fields.length >= SHOP_ROWS_MAX} onClick={() => shop.append(blankShop())} aria-label="Add a shop time row">
            + Add Row
          </Button>
          <span className="text-sm text-slate-600">{`${SHOP_ROWS_MAX - shop.fields.length} more row(s) can be added`}</span>
        </div>
      </fieldset>
    </StaffFormShell>
  );
}
