"use client";

import { useId } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field, FieldLabel } from "@/components/ui/input";
import { TextAreaField } from "@/components/ui/input";
import { LocationSelect, type LocationOption } from "@/components/forms/location-select";
import { registerWithStart } from "@/components/forms/bind-field";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { saveUniformRequestAction } from "@/lib/forms/uniform/actions";
import {
  DESIGNATIONS,
  YES_NO,
  afterNewHire,
  splitsQuantities,
  wearAfterDesignation,
  wearOptionsFor,
  type YesNo,
} from "@/lib/forms/uniform/schemas";
import {
  UNIFORM_FIELDS,
  emptyUniformRequest,
  uniformRequestSchema,
  type UniformRequestValues,
} from "@/lib/forms/uniform/schemas";

import type { FormProfile } from "@/lib/forms/profile";

/**
 * `me`: the signed-in user (lib/forms/profile.ts): the requestor, and the employee and location a new form starts
 * with. `initial`: a stored request (the edit screen), with its `id`; without it, a new one.
 */
type Props = {
  roleId: number;
  me: FormProfile;
  locations: LocationOption[];
  initial?: UniformRequestValues & { id: string };
};

const selectClass = (error?: string) =>
  `block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`;

/**
 * The uniform request form (the old portal's screens): New Hire copies into New Order; the designation
 * decides the wear options (Polo only for designations other than Driver/Porter and technician); a
 * technician's 'Shirt & Pant' asks for shirt and pant quantities instead of the total. The requestor is
 * the signed-in user (read-only); the location's manager e-mail is shown and recorded by the server. With
 * `initial` it is the edit screen ('Edit Uniform Request').
 */
export function UniformForm({ roleId, me, locations, initial }: Props) {
  const blank = () => emptyUniformRequest(me.name, me);
  const form = useForm<UniformRequestValues>({
    resolver: zodResolver(uniformRequestSchema) as unknown as Resolver<UniformRequestValues>,
    defaultValues: initial ?? blank(),
  });
  const { setValue, getValues, control } = form;
  const register = registerWithStart(form);
  const errors = form.formState.errors;
  const err = (name: keyof UniformRequestValues) => errors[name]?.message as string | undefined;
  const [designation, wear, locationId, newHire, newOrder, reOrder] = useWatch({
    control,
    name: ["designationId", "wearId", "locationId", "newHire", "newOrder", "reOrder"],
  });
  const designationId = Number(designation) || null;
  const wearOptions = wearOptionsFor(designationId);
  const split = splitsQuantities(designationId, Number(wear) || null);
  const manager = locations.find((l) => String(l.id) === String(locationId))?.managerEmail;

  return (
    <StaffFormShell
      form={form}
      screen="uniform_request"
      roleId={roleId}
      editing={!!initial}
      backLabel="Cancel"
      fields={UNIFORM_FIELDS}
      blank={blank}
      save={(values) => saveUniformRequestAction({ ...values, id: initial?.id ?? "" })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <FieldLabel htmlFor="uniform-designation" label="Designation" required />
          <select
            id="uniform-designation"
            className={selectClass(err("designationId"))}
            aria-invalid={err("designationId") ? true : undefined}
            aria-describedby={err("designationId") ? "uniform-designation-error" : undefined}
            aria-required="true"
            {...register("designationId", {
              onChange: (e: React.ChangeEvent<HTMLSelectElement>) => {
                const next = wearAfterDesignation(Number(e.target.value) || null, Number(getValues("wearId")) || null);
                setValue("wearId", next ? String(next) : "");
              },
            })}
          >
            <option value="">Select Designation</option>
            {DESIGNATIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.text}
              </option>
            ))}
          </select>
          {err("designationId") && (
            <p id="uniform-designation-error" className="mt-1 text-sm text-red-600">
              {err("designationId")}
            </p>
          )}
        </div>
        <div>
          <LocationSelect required locations={locations} error={err("locationId")} {...register("locationId")} />
          {manager && <p className="mt-1 text-xs text-slate-600">Manager e-mail: {manager}</p>}
        </div>
        <Field
          label="Employee First Name"
          required
          maxLength={190}
          autoComplete="off"
          error={err("employeeFirstName")}
          {...register("employeeFirstName")}
        />
        <Field
          label="Employee Last Name"
          required
          maxLength={190}
          autoComplete="off"
          error={err("employeeLastName")}
          {...register("employeeLastName")}
        />
        <Field
          label="Requestor Name"
          required
          readOnly
          className="sm:col-span-2"
          error={err("requestorName")}
          {...register("requestorName")}
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <YesNoField
          legend="New Hire"
          value={newHire as YesNo}
          onChange={(v) => {
            const next = afterNewHire({ newHire: newHire as YesNo, newOrder: newOrder as YesNo }, v);
            setValue("newHire", next.newHire);
            setValue("newOrder", next.newOrder);
          }}
        />
        <YesNoField legend="New Order" value={newOrder as YesNo} onChange={(v) => setValue("newOrder", v)} />
        <YesNoField legend="Replacement Uniform" value={reOrder as YesNo} onChange={(v) => setValue("reOrder", v)} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <FieldLabel htmlFor="uniform-wear" label="Wear" required />
          <select
            id="uniform-wear"
            className={selectClass(err("wearId"))}
            aria-invalid={err("wearId") ? true : undefined}
            aria-describedby={err("wearId") ? "uniform-wear-error" : designationId ? undefined : "uniform-wear-hint"}
            aria-required="true"
            {...register("wearId")}
            // Controlled: a designation change picks the wear (Polo) before that option is rendered.
            value={String(wear ?? "")}
          >
            <option value="">Select Wear</option>
            {wearOptions.map((w) => (
              <option key={w.value} value={w.value}>
                {w.text}
              </option>
            ))}
          </select>
          {err("wearId") ? (
            <p id="uniform-wear-error" className="mt-1 text-sm text-red-600">
              {err("wearId")}
            </p>
          ) : (
            !designationId && (
              <p id="uniform-wear-hint" className="mt-1 text-xs text-slate-600">
                Choose the designation first.
              </p>
            )
          )}
        </div>
        <Field label="Size(s)" required maxLength={190} error={err("sizes")} {...register("sizes")} />
        {split ? (
          <>
            <Field
              label="Total Shirt Quantity"
              required
              inputMode="numeric"
              maxLength={4}
              error={err("shirtQuantity")}
              {...register("shirtQuantity")}
            />
            <Field
              label="Total Pant Quantity"
              required
              inputMode="numeric"
              maxLength={4}
              error={err("pantQuantity")}
              {...register("pantQuantity")}
            />
          </>
        ) : (
          <Field
            label="Total Item Quantity"
            required
            inputMode="numeric"
            maxLength={4}
            error={err("quantity")}
            {...register("quantity")}
          />
        )}
      </div>
      <TextAreaField
        label="Note/Comment"
        required
        rows={4}
        maxLength={65534}
        error={err("comment")}
        {...register("comment")}
      />
    </StaffFormShell>
  );
}

/** A Yes / No pair of radio buttons in a fieldset (the legend names it for screen readers). */
function YesNoField({ legend, value, onChange }: { legend: string; value: YesNo; onChange: (v: YesNo) => void }) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex gap-4">
        {YES_NO.map((o) => (
          <label key={o.value} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            {o.text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
