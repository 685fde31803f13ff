"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Controller, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action";
import { signedIn } from "@/lib/auth/session-ended";
import type { DocumentRef } from "@/lib/content/schemas";
import type { UploadKindName } from "@/lib/storage/kinds";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { Dropzone } from "@/components/dropzone";

/** Server field errors (`documents.0.size`, `title`, ...) onto the form's fields; returns what it set. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, fieldErrors: Record<string, string[]> | undefined, fields: readonly string[]) {
  let applied = 0;
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const head = key.split(".")[0];
    if (!fields.includes(head)) continue;
    form.setError(head as Path<T>, { type: "server", message: messages[0] });
    applied++;
  }
  return applied;
}

export function TextArea({
  label,
  error,
  id,
  className = "",
  ...rest
}: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none ${error ? "border-red-500" : "border-slate-300"}`}
        {...rest}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** Heading, 'Created By' / 'Updated By' line and the card around an admin form. */
export function FormCard({ title, editing, userName, children }: { title: string; editing: boolean; userName: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="card sm:p-6">{children}</div>
      <p className="text-sm text-slate-600">
        {editing ? "Updated By" : "Created By"}: <span className="font-medium text-slate-900">{userName}</span>
      </p>
    </div>
  );
}

/** Cancel (or `cancelLabel`, e.g. Back), Save And Continue (new only), Save / Update. Disabled while saving or uploading. */
export function FormButtons({
  cancelHref,
  cancelLabel = "Cancel",
  editing,
  saveLabel,
  busy,
  saving,
  onSaveAndContinue,
}: {
  cancelHref: string;
  cancelLabel?: string;
  editing: boolean;
  saveLabel: string;
  busy: boolean;
  saving: "save" | "continue" | null;
  onSaveAndContinue: () => void;
}) {
  return (
    // One row from 640 px; below, one full-width column (Save first), so no button wraps alone.
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end sm:gap-3 max-sm:[&>*]:w-full">
      <Link href={cancelHref} className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50" aria-disabled={busy || undefined}>
        {cancelLabel}
      </Link>
      {!editing && (
        <Button type="button" variant="secondary" disabled={busy} loading={saving === "continue"} onClick={onSaveAndContinue}>
          Save And Continue
        </Button>
      )}
      <Button type="submit" disabled={busy} loading={saving === "save"}>
        {saveLabel}
      </Button>
    </div>
  );
}

type Saving = "save" | "continue" | null;
type WithDocuments = FieldValues & { documents: DocumentRef[] };

/** The upload block's state a content form hands to its DocumentsField. */
export type UploadState = { key: number; initialFiles: DocumentRef[]; onBusyChange: (busy: boolean) => void };

/**
 * The save of a content form (post, attachment, save-the-date): Save goes back to the list, Save And
 * Continue starts an empty form (`blank`) with a fresh upload list; the server's field errors go onto
 * the fields and its message into a toast, and what was typed stays. Saving is disabled while a save or
 * an upload is under way.
 */
export function useContentFormSave<T extends WithDocuments>({
  form,
  save,
  fields,
  blank,
  backHref,
}: {
  form: UseFormReturn<T>;
  save: (values: T) => Promise<ActionResult<unknown>>;
  fields: readonly string[];
  blank: () => DefaultValues<T>;
  backHref: string;
}) {
  const router = useRouter();
  const [saving, setSaving] = useState<Saving>(null);
  const [uploading, setUploading] = useState(false);
  // A new key gives the dropzone a fresh list (Save And Continue); its first files are the record's.
  const [upload, setUpload] = useState(() => ({ key: 0, initialFiles: form.getValues("documents" as Path<T>) as DocumentRef[] }));

  const submit = (mode: "save" | "continue") =>
    form.handleSubmit(async (values) => {
      setSaving(mode);
      try {
        const res = await signedIn(save(values));
        if (!res.ok) {
          applyServerErrors(form, res.fieldErrors, fields);
          toast.error(res.message);
          return;
        }
        toast.success(res.message ?? "Saved");
        if (mode === "continue") {
          form.reset(blank());
          setUpload((u) => ({ key: u.key + 1, initialFiles: [] }));
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

  return {
    saving,
    busy: saving !== null || uploading,
    submit,
    upload: { key: upload.key, initialFiles: upload.initialFiles, onBusyChange: setUploading } satisfies UploadState,
  };
}

/** A content form's upload block: the form's `documents`, through the one Dropzone. */
export function DocumentsField<T extends WithDocuments>({ form, kind, upload }: { form: UseFormReturn<T>; kind: UploadKindName; upload: UploadState }) {
  return (
    <Controller
      control={form.control}
      name={"documents" as Path<T>}
      render={({ field, fieldState }) => (
        <Dropzone
          key={upload.key}
          kind={kind}
          label="Upload Document"
          initialFiles={upload.initialFiles}
          onChange={(files) => {
            field.onChange(files.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type })));
            if (files.length) form.clearErrors("documents" as Path<T>);
          }}
          onBusyChange={upload.onBusyChange}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
