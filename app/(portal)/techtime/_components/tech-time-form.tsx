"use client";

import { useFieldArray, useForm, useWatch, type Control, type FieldErrors } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { LocationSelect, type LocationOption } from "@/components/forms/location-select";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { TEXT_MAX } from "@/lib/forms/fields";
import { saveTechTimeAction } from "@/lib/forms/tech-time/actions";
import {
  SHOP_ROWS_MAX,
  TECH_FIELDS,
  TIME_OUT_BEFORE_IN,
  blankShop,
  blankTechTime,
  techTimeSchema,
  timeOutBeforeIn,
  type TechTimeInput,
} from "@/lib/forms/tech-time/schemas";

type RowErrors = FieldErrors<Record<string, string>> | undefined;
const cellClass = "min-w-0";
/** A row is a compact card: two cells a line on a phone, four from 640 px. */
const rowClass =
  "grid grid-cols-2 gap-x-2 gap-y-1.5 rounded-md border border-slate-200 p-2 sm:grid-cols-4 sm:gap-x-3 sm:gap-y-2 sm:p-3";

/** The tech time form ('Tech Time', 'Edit Tech Time'): the employee, 4 attendance rows and 4 to 16 shop rows. */
export function TechTimeForm({
  initial,
  locations,
  roleId,
}: {
  initial: TechTimeInput;
  locations: LocationOption[];
  roleId: number;
}) {
  const editing = !!initial.id;
  const form = useForm<TechTimeInput>({
    resolver: zodResolver(techTimeSchema, undefined, { raw: true }),
    defaultValues: initial,
  });
  const { errors } = form.formState;
  const shop = useFieldArray({ control: form.control, name: "shop" });
  const attendance = useFieldArray({ control: form.control, name: "attendance" });
  const msg = (name: keyof TechTimeInput) => errors[name]?.message as string | undefined;
  const rowError = (list: "attendance" | "shop", i: number, key: string) =>
    ((errors[list] as RowErrors[] | undefined)?.[i] as RowErrors)?.[key]?.message as string | undefined;
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
      {/* On a phone the short fields pair up (Emp Number and Date); the long ones take the line. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Field
          className="min-w-0"
          label="Emp Number"
          required
          maxLength={TEXT_MAX}
          autoComplete="off"
          error={msg("employeeNumber")}
          {...form.register("employeeNumber")}
        />
        <Field className="min-w-0" label="Date" type="date" required error={msg("date")} {...form.register("date")} />
        <Field
          className="col-span-2 sm:col-span-1"
          label="Employee's Full Name"
          required
          maxLength={TEXT_MAX}
          autoComplete="off"
          error={msg("employeeName")}
          {...form.register("employeeName")}
        />
        <LocationSelect
          className="col-span-2 sm:col-span-1"
          required
          locations={locations}
          error={msg("locationId")}
          {...form.register("locationId")}
        />
        <Field
          className="col-span-2 sm:col-span-1"
          label="Employee Email"
          required
          type="email"
          maxLength={TEXT_MAX}
          autoComplete="off"
          error={msg("employeeEmail")}
          {...form.register("employeeEmail")}
        />
      </div>

      <fieldset className="space-y-2 sm:space-y-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Attendance Clock Time Corrections</legend>
        {attendance.fields.map((f, i) => (
          <div key={f.id} className={rowClass} role="group" aria-label={`Attendance row ${i + 1}`}>
            <Field
              compact
              className={cellClass}
              label="Date"
              type="date"
              error={rowError("attendance", i, "date")}
              {...form.register(`attendance.${i}.date`)}
            />
            <Field
              compact
              className={cellClass}
              label="Reason For Edit"
              maxLength={TEXT_MAX}
              autoComplete="off"
              {...form.register(`attendance.${i}.reason`)}
            />
            <Field
              compact
              className={cellClass}
              label="Time In"
              {...time}
              error={rowError("attendance", i, "timeIn")}
              {...form.register(`attendance.${i}.timeIn`)}
            />
            <Field
              compact
              className={cellClass}
              label="Time Out"
              {...time}
              error={rowError("attendance", i, "timeOut")}
              {...form.register(`attendance.${i}.timeOut`)}
            />
            <TimeOrderWarning control={form.control} row={`attendance.${i}`} />
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-2 sm:space-y-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Shop Time Corrections</legend>
        {shop.fields.map((f, i) => (
          <div key={f.id} className={rowClass} role="group" aria-label={`Shop time row ${i + 1}`}>
            <Field
              compact
              className={cellClass}
              label="Date"
              type="date"
              error={rowError("shop", i, "date")}
              {...form.register(`shop.${i}.date`)}
            />
            <Field
              compact
              className={cellClass}
              label="RO Number"
              maxLength={TEXT_MAX}
              autoComplete="off"
              {...form.register(`shop.${i}.roNumber`)}
            />
            <Field
              compact
              className={cellClass}
              label="Customer Name"
              maxLength={TEXT_MAX}
              autoComplete="off"
              {...form.register(`shop.${i}.customerName`)}
            />
            <Field
              compact
              className={cellClass}
              label="Job"
              maxLength={TEXT_MAX}
              autoComplete="off"
              {...form.register(`shop.${i}.job`)}
            />
            <Field
              compact
              className={`${cellClass} col-span-2 sm:col-span-1`}
              label="Reason"
              maxLength={TEXT_MAX}
              autoComplete="off"
              {...form.register(`shop.${i}.reason`)}
            />
            <Field
              compact
              className={cellClass}
              label="Time In"
              {...time}
              error={rowError("shop", i, "timeIn")}
              {...form.register(`shop.${i}.timeIn`)}
            />
            <Field
              compact
              className={cellClass}
              label="Time Out"
              {...time}
              error={rowError("shop", i, "timeOut")}
              {...form.register(`shop.${i}.timeOut`)}
            />
            <TimeOrderWarning control={form.control} row={`shop.${i}`} />
          </div>
        ))}
        <div className="flex items-center gap-3">
          <Button
            type="button"
            variant="secondary"
            disabled={shop.fields.length >= SHOP_ROWS_MAX}
            onClick={() => shop.append(blankShop())}
            aria-label="Add a shop time row"
          >
            + Add Row
          </Button>
          <span className="text-sm text-slate-600">{`${SHOP_ROWS_MAX - shop.fields.length} more row(s) can be added`}</span>
        </div>
      </fieldset>
    </StaffFormShell>
  );
}

/**
 * A row whose Time Out is before its Time In is pointed out as it is typed (a warning, not an error:
 * the spec leaves the rows unvalidated, and a shift may run past midnight), so saving stays possible.
 */
function TimeOrderWarning({
  control,
  row,
}: {
  control: Control<TechTimeInput>;
  row: `attendance.${number}` | `shop.${number}`;
}) {
  const [timeIn, timeOut] = useWatch({ control, name: [`${row}.timeIn`, `${row}.timeOut`] as const }) as [
    string | undefined,
    string | undefined,
  ];
  if (!timeOutBeforeIn(timeIn, timeOut)) return null;
  return (
    <p role="status" className="col-span-2 rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 sm:col-span-4">
      {TIME_OUT_BEFORE_IN}
    </p>
  );
}
