"use client";

import { Controller } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { saveSaveTheDateAction } from "@/lib/content/actions";
import { saveTheDateFormSchema, type SaveTheDateFormValues } from "@/lib/content/schemas";
import { isoDateToUs, usDateToIso } from "@/lib/content/constants";
import { ContentFormFrame, DocumentsField, useContentForm } from "./form-parts";

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
  const state = useContentForm({
    initial,
    resolver: zodResolver(saveTheDateFormSchema),
    save: saveSaveTheDateAction,
    fields: FIELDS,
    blank: () => ({ slug: initial.slug, title: "", description: "", eventDate: "", documents: [] }),
    backHref,
  });
  const { form } = state;
  const { errors } = form.formState;
  return (
    <ContentFormFrame state={state} noun="Date" userName={userName} backHref={backHref} descriptionRows={5}>
      {/* One date input: the browser's own (typed or picked, shown as MM/DD/YYYY in US English); the
          form keeps the old portal's MM/DD/YYYY. */}
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
      <DocumentsField form={form} kind="document" upload={state.upload} />
    </ContentFormFrame>
  );
}
