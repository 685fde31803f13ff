"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { FORM_KEYS, FORM_LABELS, type FormKey } from "@/lib/forms/form-keys";
import { saveRequestTargetsAction } from "@/lib/requests/actions";

/** Every staff form's target in working days, saved together. */
export function DeadlinesForm({ initial }: { initial: Record<FormKey, number> }) {
  const [values, setValues] = useState<Record<FormKey, string>>(
    () => Object.fromEntries(FORM_KEYS.map((k) => [k, String(initial[k])])) as Record<FormKey, string>,
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, start] = useTransition();
  const save = () =>
    start(async () => {
      const res = await saveRequestTargetsAction(values);
      if (res.ok) {
        setErrors({});
        toast.success(res.message ?? "Saved.");
      } else {
        setErrors(res.fieldErrors ?? {});
        toast.error(res.message);
      }
    });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      {FORM_KEYS.map((k) => (
        <Field
          key={k}
          label={`${FORM_LABELS[k]} (working days)`}
          type="number"
          min={0}
          max={60}
          inputMode="numeric"
          value={values[k]}
          onChange={(e) => setValues((v) => ({ ...v, [k]: e.target.value }))}
          error={errors[k]?.[0]}
        />
      ))}
      <Button type="submit" loading={pending}>
        Save
      </Button>
    </form>
  );
}
