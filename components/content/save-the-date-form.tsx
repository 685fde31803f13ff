"use client";

import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { saveSaveTheDateAction } from "@/lib/content/actions";
import { saveTheDateFormSchema, type SaveTheDateFormValues } from "@/lib/content/schemas";
import { isoDateToUs, TITLE_MAX, usDateToIso } from "@/lib/content/constants";
import { DocumentsField, FormButtons, FormCard, TextArea, useContentFormSave } from "./form-parts";

const FIELDS = ["title", "description", "eventDate", "documents"] as const;

/** The Event/document form (EventAddForm / EventEditForm): title, description, one date input (MM/DD/YYYY kept), upload. */
export function SaveTheDateForm({
  initial,
  backHref,
  userName,
}: {
  initial: SaveTheDateFormValues;
  backHref: string;
  userName: string;
}) {
  const editing = initial.id != null;
  const form = useForm<SaveTheDateFormValues>({ resolver: zodResolver(saveTheDateFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const { saving, busy, submit, upload } = useContentFormSave({
    form,
    save: saveSaveTheDateAction,
    fields: FIELDS,
    blank: () => ({ slug: initial.slug, title: "", description: "", eventDate: "", documents: [] }),
    backHref,
  });

  return (
    <FormCard
      title={editing ? "Edit Date" : "Add New Date"}
      editing={editing}
      userName={userName}
      dirty={form.formState.isDirty}
    >
      <form onSubmit={submit("save")} noValidate className="space-y-5">
        <Field
          label="Title"
          required
          maxLength={TITLE_MAX}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register("title")}
        />
        <TextArea label="Description" rows={5} error={errors.description?.message} {...form.register("description")} />
        {/* One date input: the browser's own (typed or picked, shown as MM/DD/YYYY in US English); the
            form keeps the spec's MM/DD/YYYY. */}
        <Controller
          control={form.control}
          name="eventDate"
          render={({ field }) => (
            <Field
              label="Date"
              type="date"
              required
              className="sm:max-w-xs"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={usDateToIso(field.value ?? "") ?? ""}
              onChange={(e) => field.onChange(e.target.value ? isoDateToUs(e.target.value) : "")}
              error={errors.eventDate?.message}
            />
          )}
        />
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
