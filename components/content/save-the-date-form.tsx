"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { saveSaveTheDateAction } from "@/lib/content/actions";
import { isoDateToUs, saveTheDateFormSchema, TITLE_MAX, usDateToIso, type SaveTheDateFormValues } from "@/lib/content/schemas";
import { DocumentsField, FormButtons, FormCard, TextArea, useContentFormSave } from "./form-parts";

const FIELDS = ["title", "description", "eventDate", "documents"] as const;

/** The Event/document form (EventAddForm / EventEditForm): title, description, date (MM/DD/YYYY), upload. */
export function SaveTheDateForm({ initial, backHref, userName }: { initial: SaveTheDateFormValues; backHref: string; userName: string }) {
  const editing = initial.id != null;
  const form = useForm<SaveTheDateFormValues>({ resolver: zodResolver(saveTheDateFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const eventDate = form.watch("eventDate");
  const { saving, busy, submit, upload } = useContentFormSave({
    form,
    save: saveSaveTheDateAction,
    fields: FIELDS,
    blank: () => ({ slug: initial.slug, title: "", description: "", eventDate: "", documents: [] }),
    backHref,
  });

  return (
    <FormCard title={editing ? "Edit Date" : "Add New Date"} editing={editing} userName={userName}>
      <form onSubmit={submit("save")} noValidate className="space-y-5">
        <Field label="Title" maxLength={TITLE_MAX} autoComplete="off" error={errors.title?.message} {...form.register("title")} />
        <TextArea label="Description" rows={5} error={errors.description?.message} {...form.register("description")} />
        <div className="flex items-end gap-2">
          <Field
            label="Date"
            className="flex-1"
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            maxLength={10}
            autoComplete="off"
            error={errors.eventDate?.message}
            {...form.register("eventDate")}
          />
          <label className="mb-px">
            <span className="sr-only">Pick the date from a calendar</span>
            <input
              type="date"
              value={usDateToIso(eventDate ?? "") ?? ""}
              onChange={(e) => e.target.value && form.setValue("eventDate", isoDateToUs(e.target.value), { shouldValidate: true, shouldDirty: true })}
              className={`rounded-md border border-slate-300 bg-white px-2 py-2 text-sm ${errors.eventDate ? "mb-7" : ""}`}
            />
          </label>
        </div>
        <DocumentsField form={form} kind="document" upload={upload} />
        <FormButtons
          cancelHref={backHref}
          editing={editing}
          busy={busy}
          saving={saving}
          onSaveAndContinue={submit("continue")}
        />
      </form>
    </FormCard>
  );
}
