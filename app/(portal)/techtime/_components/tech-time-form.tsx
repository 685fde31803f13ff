"use client";

import { useFieldArray, useWatch, type Control, type Path } from "react-hook-form";
import { Field } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { LocationSelect } from "@/components/forms/location-select";
import { StaffFormShell, TEXT_INPUT, useStaffForm, type StaffFormProps } from "@/components/forms/staff-form-shell";
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

type RowList = "attendance" | "shop";
type RowCell<L extends RowList> = {
  key: keyof NonNullable<TechTimeInput[L]>[number] & string;
  label: string;
  /** A date and a time show their pickers and their errors (free text has none to show). */
  kind: "date" | "time" | "text";
  /** Takes the whole line on a phone. */
  wide?: boolean;
};

const ATTENDANCE_CELLS: RowCell<"attendance">[] = [
  { key: "date", label: "Date", kind: "date" },
  { key: "reason", label: "Reason For Edit", kind: "text" },
  { key: "timeIn", label: "Time In", kind: "time" },
  { key: "timeOut", label: "Time Out", kind: "time" },
];
const SHOP_CELLS: RowCell<"shop">[] = [
  { key: "date", label: "Date", kind: "date" },
  { key: "roNumber", label: "RO Number", kind: "text" },
  { key: "customerName", label: "Customer Name", kind: "text" },
  { key: "job", label: "Job", kind: "text" },
  { key: "reason", label: "Reason", kind: "text", wide: true },
  { key: "timeIn", label: "Time In", kind: "time" },
  { key: "timeOut", label: "Time Out", kind: "time" },
];
const CELL_INPUT = {
  date: { type: "date" },
  time: { type: "time" },
  text: TEXT_INPUT,
} as const;

const cellClass = "min-w-0";
/** A row is a compact card: two cells a line on a phone, four from 640 px. */
const rowClass =
  "grid grid-cols-2 gap-x-2 gap-y-1.5 rounded-md border border-slate-200 p-2 sm:grid-cols-4 sm:gap-x-3 sm:gap-y-2 sm:p-3";

/** The tech time form ('Tech Time', 'Edit Tech Time'): the employee, 4 attendance rows and 4 to 16 shop rows. */
export function TechTimeForm({ initial, locations, roleId, me }: StaffFormProps<TechTimeInput>) {
  const { form, bind } = useStaffForm(techTimeSchema, initial);
  const shop = useFieldArray({ control: form.control, name: "shop" });
  const attendance = useFieldArray({ control: form.control, name: "attendance" });
  /** One row's cells as compact fields, and the warning when its Time Out is before its Time In. */
  const rowCells = <L extends RowList>(list: L, i: number, cells: RowCell<L>[]) => (
    <>
      {cells.map((c) => {
        const name = `${list}.${i}.${c.key}` as Path<TechTimeInput>;
        return (
          <Field
            key={c.key}
            compact
            className={c.wide ? `${cellClass} col-span-2 sm:col-span-1` : cellClass}
            label={c.label}
            {...CELL_INPUT[c.kind]}
            {...(c.kind === "text" ? form.register(name) : bind(name))}
          />
        );
      })}
      <TimeOrderWarning control={form.control} row={`${list}.${i}`} />
    </>
  );
  return (
    <StaffFormShell
      form={form}
      screen="tech_time"
      roleId={roleId}
      editing={!!initial.id}
      save={(values) => saveTechTimeAction(values)}
      fields={TECH_FIELDS}
      blank={() => blankTechTime(me)}
    >
      {/* On a phone the short fields pair up (Emp Number and Date); the long ones take the line. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <Field className="min-w-0" label="Emp Number" required {...TEXT_INPUT} {...bind("employeeNumber")} />
        <Field className="min-w-0" label="Date" type="date" required {...bind("date")} />
        <Field
          className="col-span-2 sm:col-span-1"
          label="Employee's Full Name"
          required
          {...TEXT_INPUT}
          {...bind("employeeName")}
        />
        <LocationSelect className="col-span-2 sm:col-span-1" required locations={locations} {...bind("locationId")} />
        <Field
          className="col-span-2 sm:col-span-1"
          label="Employee Email"
          required
          type="email"
          {...TEXT_INPUT}
          {...bind("employeeEmail")}
        />
      </div>

      <fieldset className="space-y-2 sm:space-y-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Attendance Clock Time Corrections</legend>
        {attendance.fields.map((f, i) => (
          <div key={f.id} className={rowClass} role="group" aria-label={`Attendance row ${i + 1}`}>
            {rowCells("attendance", i, ATTENDANCE_CELLS)}
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-2 sm:space-y-3">
        <legend className="mb-2 text-lg font-semibold text-slate-900">Shop Time Corrections</legend>
        {shop.fields.map((f, i) => (
          <div key={f.id} className={rowClass} role="group" aria-label={`Shop time row ${i + 1}`}>
            {rowCells("shop", i, SHOP_CELLS)}
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
 * the old portal leaves the rows unvalidated, and a shift may run past midnight), so saving stays possible.
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
