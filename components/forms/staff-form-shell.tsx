"use client";

import { useRouter } from "next/navigation";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action";
import { staffFormBehaviour, type StaffFormScreen } from "@/lib/forms/staff-form-behaviour";
import { FormButtons, FormCard, useFormSave } from "@/components/content/form-parts";
import { RequiredNote } from "@/components/ui/input";

export type StaffFormSaveMode = "save" | "continue";

type Props<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** Which staff form: decides Back/Cancel visibility and where Save goes per role (lib/forms/staff-form-behaviour.ts). */
  screen: StaffFormScreen;
  roleId: number;
  /** The add title ('RO Reversal Request'); edit mode shows 'Edit RO Reversal Request'. */
  title: string;
  editing: boolean;
  listHref: string;
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
 * form per the role rules of spec sections 4 and 6; Save And Continue always clears and stays.
 */
export function StaffFormShell<T extends FieldValues>(props: Props<T>) {
  const {
    form,
    screen,
    roleId,
    title,
    editing,
    listHref,
    backLabel = "Back",
    save,
    fields,
    blank,
    saveDisabled,
    notice,
    children,
  } = props;
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
