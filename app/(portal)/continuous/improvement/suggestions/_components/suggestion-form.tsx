"use client";

import { useForm, useWatch, type Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { TextAreaField } from "@/components/ui/input";
import { LocationSelect, type LocationOption } from "@/components/forms/location-select";
import { registerWithStart } from "@/components/forms/bind-field";
import { StaffFormShell } from "@/components/forms/staff-form-shell";
import { saveSuggestionAction } from "@/lib/forms/suggestions/actions";
import {
  SUGGESTION_FIELDS,
  blankSuggestion,
  suggestionSchema,
  type SuggestionValues,
} from "@/lib/forms/suggestions/schemas";
import type { FormProfile } from "@/lib/forms/profile";

type Props = { roleId: number; locations: LocationOption[]; id?: number; initial: SuggestionValues; me?: FormProfile };

/**
 * The continuous improvement form (the old portal's screens): add and edit ('Edit ...', Update). Save
 * opens the saved suggestion (StaffFormShell); Save And Continue starts again from the profile with
 * today's date. At least one of the two long answers is asked for. Errors clear as the user types.
 */
export function SuggestionForm({ roleId, locations, id, initial, me }: Props) {
  const form = useForm<SuggestionValues>({
    resolver: zodResolver(suggestionSchema) as unknown as Resolver<SuggestionValues>,
    defaultValues: initial,
    mode: "onTouched",
  });
  const { control } = form;
  const register = registerWithStart(form);
  const errors = form.formState.errors;
  const err = (name: keyof SuggestionValues) => errors[name]?.message as string | undefined;
  const locationId = useWatch({ control, name: "locationId" });
  const manager = locations.find((l) => String(l.id) === String(locationId))?.managerEmail;
  return (
    <StaffFormShell
      form={form}
      screen="improvement_suggestion"
      roleId={roleId}
      editing={id !== undefined}
      fields={SUGGESTION_FIELDS}
      blank={() => blankSuggestion(me)}
      save={(values) => saveSuggestionAction({ ...values, ...(id !== undefined ? { id } : {}) })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required maxLength={190} autoComplete="name" error={err("name")} {...register("name")} />
        <Field label="Date" required type="date" error={err("date")} {...register("date")} />
        <div>
          <LocationSelect required locations={locations} error={err("locationId")} {...register("locationId")} />
          {manager && <p className="mt-1 text-xs text-slate-600">Manager e-mail: {manager}</p>}
        </div>
        <Field
          label="Email"
          required
          type="email"
          maxLength={190}
          autoComplete="email"
          error={err("email")}
          {...register("email")}
        />
        <Field
          label="Phone"
          type="tel"
          maxLength={13}
          autoComplete="tel"
          error={err("phoneNumber")}
          {...register("phoneNumber")}
        />
      </div>
      <p className="text-sm text-slate-600">Answer at least one of the two questions below.</p>
      <TextAreaField
        label="What Project / Process Improvement are you Proposing?"
        rows={4}
        maxLength={65534}
        error={err("describeCurrentProcessAndProblem")}
        {...register("describeCurrentProcessAndProblem")}
      />
      <TextAreaField
        label="How will it Benefit the Business?"
        rows={4}
        maxLength={65534}
        error={err("howWillItBenefit")}
        {...register("howWillItBenefit", { deps: ["describeCurrentProcessAndProblem"] })}
      />
    </StaffFormShell>
  );
}
