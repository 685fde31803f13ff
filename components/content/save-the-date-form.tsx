"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/components/ui/toast";
import { Field } from "@/components/ui/input";
import { saveSaveTheDateAction } from "@/lib/content/actions";
import { isoDateToUs, saveTheDateFormSchema, TITLE_MAX, usDateToIso, type SaveTheDateFormValues } from "@/lib/content/schemas";
import { Dropzone } from "@/components/dropzone";
import { applyServerErrors, FormButtons, FormCard, TextArea } from "./form-parts";
import { signedIn } from "@/lib/auth/session-ended";

const FIELDS = ["title", "description", "eventDate", "documents"] as const;

/** The Event/document form (EventAddForm / EventEditForm): title, description, date (MM/DD/YYYY), upload. */
export function SaveTheDateForm({ initial, backHref, userName }: { initial: SaveTheDateFormValues; backHref: string; userName: string }) {
  const router = useRouter();
  const editing = initial.id != null;
  const [saving, setSaving] = useState<"save" | "continue" | null>(null);
  const [uploading, setUploading] = useState(false);
  // Save And Continue starts an empty form: a new key gives the dropzone a fresh, empty list.
  const [resetKey, setResetKey] = useState(0);
  const [initialFiles, setInitialFiles] = useState(initial.documents);
  const form = useForm<SaveTheDateFormValues>({ resolver: zodResolver(saveTheDateFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const eventDate = form.watch("eventDate");

  const submit = (mode: "save" | "continue") =>
    form.handleSubmit(async (values) => {
      setSaving(mode);
      try {
        const res = await signedIn(saveSaveTheDateAction(values));
        if (!res.ok) {
          applyServerErrors(form, res.fieldErrors, FIELDS);
          toast.error(res.message);
          return;
        }
        toast.success(res.message ?? "Saved");
        if (mode === "continue") {
          form.reset({ slug: initial.slug, title: "", description: "", eventDate: "", documents: [] });
          setInitialFiles([]);
          setResetKey((k) => k + 1);
        } else {
          router.push(backHref);
          router.refresh();
        }
      } catch {
        toast.error("Remote server can not be reachable");
      } finally {
        setSaving(null);
      }
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
        <Controller
          control={form.control}
          name="documents"
          render={({ field, fieldState }) => (
            <Dropzone
              key={resetKey}
              kind="document"
              label="Upload Document"
              initialFiles={initialFiles}
              onChange={(files) => {
                field.onChange(files.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type })));
                if (files.length) form.clearErrors("documents");
              }}
              onBusyChange={setUploading}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormButtons
          cancelHref={backHref}
          editing={editing}
          saveLabel={editing ? "Update" : "Save"}
          busy={saving !== null || uploading}
          saving={saving}
          onSaveAndContinue={submit("continue")}
        />
      </form>
    </FormCard>
  );
}
