"use client";

import { useRouter } from "next/navigation";
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from "react-hook-form";
import { fieldBinder } from "@/components/forms/bind-field";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { LocationOption } from "@/components/forms/location-select";
import { TEXT_MAX } from "@/lib/forms/fields";
import type { ActionResult } from "@/lib/actions/action";
import { staffFormShowsBack } from "@/lib/forms/staff-form-behaviour";
import type { FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";
import { FormButtons, FormCard, useFormSave } from "@/components/content/form-parts";
import { RequiredNote } from "@/components/ui/input";
import { SAVED_PARAM } from "@/components/forms/submit-another";
import type { FormProfile } from "@/lib/forms/profile";

/** The id of the record a save answers ({ id }), or null. */
function savedRecordId(data: unknown): number | null {
  const id = data !== null && typeof data === "object" ? (data as { id?: unknown }).id : undefined;
  return typeof id === "number" ? id : null;
}

export type StaffFormSaveMode = "save" | "continue";

/**
 * What a staff form's add and edit pages hand it: the values to start from, the locations, the user's role,
 * and on an add page the user's profile (`me`, lib/forms/profile.ts): the form starts filled from it, and
 * Save And Continue starts the next one from it again.
 */
export type StaffFormProps<T> = { initial: T; locations: LocationOption[]; roleId: number; me?: FormProfile };

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
 * Which staff form: decides Back/Cancel visibility per role (lib/forms/staff-form-behaviour.ts) and the record Save opens.
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
  /** The form Save And Continue starts again from (the add page's: filled from the profile, today's date). */
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
 * (add mode only) / Save (Update in edit mode). Save does the same on every form for everyone
 * (docs/features/staff-forms.md): it opens the saved record, a new one with 'Submit another' on it
 * (RequestRecordDetail, `?saved=1`); Save And Continue starts the form again (`blank`) and stays. Either
 * way the success toast links to the record. The form email manager's Save returns to its list.
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
  const showBack = staffFormShowsBack(screen, roleId);
  /** The saved record's page (a staff form's; the form email manager's mappings have none). */
  const recordHref = (data: unknown) => {
    const id = savedRecordId(data);
    return props.screen === "form_email_manager" || id === null ? null : staffFormHref(props.screen, "view", id);
  };
  const { saving, error, submit } = useFormSave({
    form,
    save,
    fields,
    savedLink: (data) => {
      const href = recordHref(data);
      return href ? { label: `View ${title}`, href } : undefined;
    },
    onSaved: (mode, _message, data) => {
      const href = recordHref(data);
      if (mode === "continue") form.reset(blank());
      else {
        router.push(href ? (editing ? href : `${href}?${SAVED_PARAM}=1`) : listHref);
        router.refresh();
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
