"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { FormButtons, FormCard } from "@/components/content/form-parts";
import { callAction } from "@/lib/actions/client";
import { saveAttachmentGroupAction, saveCalendarKeyAction } from "@/lib/backoffice/actions";
import { DEFAULT_COLOR } from "@/lib/backoffice/color";
import { COLOR_OPTION, type ColorOptionKind } from "@/lib/backoffice/color-options";
import { colorOptionFormSchema, type ColorOptionFormValues } from "@/lib/backoffice/schemas";

const SAVE = { key: saveCalendarKeyAction, group: saveAttachmentGroupAction } as const;

type Props = { kind: ColorOptionKind; id?: number; initial?: ColorOptionFormValues; userName: string };

/**
 * Add or edit a calendar key or an attachment group (one form, `kind` picks the texts and the action):
 * the name and a colour picker (default #444444). Save goes back to the list, Save And Continue (add
 * only) empties the form and stays, Back returns to the list. The server's messages go onto the
 * fields; what was typed stays.
 */
export function ColorOptionForm({ kind, id, initial, userName }: Props) {
  const texts = COLOR_OPTION[kind];
  const router = useRouter();
  const colorId = useId();
  const editing = id !== undefined;
  const blank = { name: "", color: DEFAULT_COLOR };
  const form = useForm<ColorOptionFormValues>({
    resolver: zodResolver(colorOptionFormSchema(kind)),
    defaultValues: initial ?? blank,
  });
  const [saving, setSaving] = useState<"save" | "continue" | null>(null);
  const color = form.watch("color");

  const submit = (mode: "save" | "continue") =>
    form.handleSubmit(async (values) => {
      setSaving(mode);
      const res = await callAction(SAVE[kind]({ ...(id ? { id } : {}), name: values.name, color: values.color }));
      setSaving(null);
      if (!res.ok) {
        // The name is the only field the server can refuse with a message of its own.
        if (/name/i.test(res.message)) form.setError("name", { type: "server", message: res.message });
        toast.error(res.message);
        return;
      }
      toast.success(editing ? texts.updated : texts.saved);
      if (mode === "continue") form.reset(blank);
      else {
        router.push(`${texts.path}/list`);
        router.refresh();
      }
    });

  const nameError = form.formState.errors.name?.message;
  return (
    <FormCard
      title={editing ? texts.editTitle : texts.addTitle}
      editing={editing}
      userName={userName}
      dirty={form.formState.isDirty}
    >
      <form onSubmit={submit("save")} noValidate className="space-y-4">
        <Field
          label={texts.nameLabel}
          required
          maxLength={190}
          autoComplete="off"
          error={nameError}
          {...form.register("name")}
        />
        <div>
          <label htmlFor={colorId} className="mb-1 block text-sm font-medium text-slate-700">
            Colour
          </label>
          <div className="flex items-center gap-3">
            <input
              id={colorId}
              type="color"
              className="h-10 w-16 cursor-pointer rounded border border-slate-300 bg-white p-1"
              value={color.slice(0, 7)}
              onChange={(e) => form.setValue("color", e.target.value, { shouldDirty: true })}
            />
            <span className="font-mono text-sm text-slate-700" aria-live="polite">
              {color}
            </span>
          </div>
          {form.formState.errors.color && (
            <p className="mt-1 text-sm text-red-600">{form.formState.errors.color.message}</p>
          )}
        </div>
        <FormButtons
          cancelHref={`${texts.path}/list`}
          cancelLabel="Back"
          editing={editing}
          saveLabel="Save"
          busy={saving !== null}
          saving={saving}
          onSaveAndContinue={() => submit("continue")()}
        />
      </form>
    </FormCard>
  );
}
