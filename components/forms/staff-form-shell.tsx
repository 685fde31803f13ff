"use client";

import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import { fieldBinder } from "@/components/forms/bind-field";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { LocationOption } from "@/components/forms/location-select";
import { TEXT_MAX } from "@/lib/forms/fields";
import type { ActionResult } from "@/lib/actions/action";
import { staffFormBehaviour } from "@/lib/forms/staff-form-behaviour";
import type { FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";
import { FormButtons, FormCard, useFormSave } from "@/components/content/form-parts";
import { RequiredNote } from "@/components/ui/input";

export type StaffFormSaveMode = "save" | "continue";

/** What a staff form's add and edit pages hand it: the values to start from, the locations, the user's role. */
export type StaffFormProps<T> = { initial: T; locations: LocationOption[]; roleId: number };

/** A free-text input of a staff form: the column's length, and no browser suggestions. */
export const TEXT_INPUT = { maxLength: TEXT_MAX, autoComplete: "off" } as const;

/**
 * A staff form's state on its zod schema (validated as typed: the raw values are what is saved), and
 * `bind(name)` (fieldBinder): a control's registration with its error message.
 */
export function useStaffForm<T extends FieldValues>(schema: z.ZodType<unknown, T>, initial: DefaultValues<T>) {
  const form = useForm<T>({ resolver: zodResolver(schema, undefined, { raw: true }), defaultValues: initial });
  return { form, bind: fieldBinder(form) };
}

/**
 * Which staff form: decides Back/Cancel visibility and where Save goes per role (lib/forms/staff-form-behaviour.ts).
 * Each staff form's add title ('RO Reversal Request'; edit mode shows 'Edit RO Reversal Request') and list
 * are theirs in STAFF_FORMS (lib/forms/registry.ts); the form email manager gives its own.
 */
type Screen =
  | { screen: FormKey; title?: undefined; listHref?: undefined }
  | { screen: "form_email_manager"; title: string; listHref: string };

type Props<T extends FieldValues> = Screen & {
  form: UseFormReturn<T>;
  roleId: number;
  editing: boolean;
  /** Back (always) or Cancel: the label of the link to the list. */
  backLabel?: "Back" | "Cancel";
  save: (values: T, mode: StaffFormSaveMode) => Promise<ActionResult<unknown>>;
  /** The form's field names (server field errors land on these). */
  fields: readonly string[];
  /** The empty form (Save And Continue, and Save for roles that stay). */
  blank: () => DefaultValues<T>;
  /** Keeps Save disabled (e.g. the form email manager's duplicate check). */
  saveDisabled?: boolean;
  /** An alert above the buttons (e.g. the duplicate check's message). */
  notice?: React.ReactNode;
  children: React.ReactNode;
};

/**
 * The one shell of the staff forms: title ('Edit ...' in edit mode), the fields, the server's message
 * in an alert when a save fails (the form keeps what was typed), and Back or Cancel / Save And Continue
 * (add mode only) / Save (Update in edit mode). After a save, Save returns to the list or clears the
 * form per the old portal's role rules; Save And Continue always clears and stays.
 */
export function StaffFormShell<T extends FieldValues>(props: Props<T>) {
  const {
    form,
    screen,
    roleId,
    editing,
    backLabel = "Back",
    save,
    fields,
    blank,
    saveDisabled,
    notice,
    children,
  } = props;
  const { title, listHref } =
    props.screen === "form_email_manager"
      ? props
      : { title: STAFF_FORMS[props.screen].title, listHref: staffFormHref(props.screen, "list") };
  const router = useRouter();
  const { showBack, saveReturnsToList } = staffFormBehaviour(screen, roleId);
  const { saving, error, submit } = useFormSave({
    form,
    save,
    fields,
    onSaved: (mode) => {
      if (mode === "save" && (saveReturnsToList || editing)) {
        router.push(listHref);
        router.refresh();
      } else {
        form.reset(blank());
      }
    },
  });
  const heading = editing ? `Edit ${title}` : title;
  return (
    <FormCard title={heading} editing={editing} dirty={form.formState.isDirty}>
      <form onSubmit={submit("save")} noValidate className="space-y-4" aria-label={heading}>
        <RequiredNote />
        {children}
        {notice}
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        )}
        <FormButtons
          cancelHref={showBack ? listHref : null}
          cancelLabel={backLabel}
          editing={editing}
          busy={saving !== null || !!saveDisabled}
          saving={saving}
          onSaveAndContinue={() => void submit("continue")()}
        />
      </form>
    </FormCard>
  );
}
