"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  Controller,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from "react-hook-form";
import type { ActionResult } from "@/lib/actions/action";
import { callAction } from "@/lib/actions/client";
import type { DocumentRef } from "@/lib/content/schemas";
import type { UploadKindName } from "@/lib/storage/kinds";
import { Button } from "@/components/ui/button";
import { Field, TextAreaField } from "@/components/ui/input";
import { TITLE_MAX } from "@/lib/content/constants";
import { toast } from "@/components/ui/toast";
import { Dropzone } from "@/components/dropzone/dropzone";
import { UnsavedChangesGuard } from "@/components/forms/unsaved-changes-guard";

/** Server field errors (`documents.0.size`, `title`, ...) onto the form's fields; returns what it set. */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldErrors: Record<string, string[]> | undefined,
  fields: readonly string[],
) {
  let applied = 0;
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const head = key.split(".")[0];
    if (!fields.includes(head)) continue;
    form.setError(head as Path<T>, { type: "server", message: messages[0] });
    applied++;
  }
  return applied;
}

/**
 * Heading, 'Created By' / 'Updated By' line (when `userName` is given) and the card around a form.
 * `dirty` (unsaved changes) makes leaving the page ask first (UnsavedChangesGuard): every form shell
 * is a FormCard, so every form asks the same way.
 */
export function FormCard({
  title,
  editing,
  userName,
  dirty = false,
  children,
}: {
  title: string;
  editing: boolean;
  userName?: string;
  dirty?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <UnsavedChangesGuard dirty={dirty} />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="card sm:p-6">{children}</div>
      {userName !== undefined && (
        <p className="text-sm text-slate-600">
          {editing ? "Updated By" : "Created By"}: <span className="font-medium text-slate-900">{userName}</span>
        </p>
      )}
    </div>
  );
}

/**
 * Cancel (or `cancelLabel`; hidden when `cancelHref` is null), Save And Continue (new only, unless
 * `showContinue` says otherwise), Save / Update. Disabled while saving or uploading.
 */
export function FormButtons({
  cancelHref,
  cancelLabel = "Cancel",
  editing,
  saveLabel = editing ? "Update" : "Save",
  busy,
  saving,
  onSaveAndContinue,
  showContinue = !editing,
}: {
  cancelHref: string | null;
  cancelLabel?: string;
  editing: boolean;
  /** Default: 'Update' when editing, else 'Save'. */
  saveLabel?: string;
  busy: boolean;
  saving: "save" | "continue" | null;
  onSaveAndContinue: () => void;
  showContinue?: boolean;
}) {
  return (
    // One row from 640 px; below, one full-width column (Save first), so no button wraps alone.
    <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end sm:gap-3 max-sm:[&>*]:w-full">
      {cancelHref !== null && (
        <Link
          href={cancelHref}
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          aria-disabled={busy || undefined}
        >
          {cancelLabel}
        </Link>
      )}
      {showContinue && (
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          loading={saving === "continue"}
          onClick={onSaveAndContinue}
        >
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
 * The save of any form: runs react-hook-form's validation, then `save`; on failure the server's field
 * errors go onto the fields and its message into a toast and `error` (for an inline alert), and what
 * was typed stays; on success the toast links to what `savedLink` makes of the answer (the saved
 * record's page), and `onSaved` decides what happens next (clear, go back, open the record).
 */
export function useFormSave<T extends FieldValues, D = unknown>({
  form,
  save,
  fields,
  onSaved,
  savedLink,
}: {
  form: UseFormReturn<T>;
  save: (values: T, mode: "save" | "continue") => Promise<ActionResult<D>>;
  fields: readonly string[];
  onSaved: (mode: "save" | "continue", message: string | undefined, data: D) => void;
  savedLink?: (data: D) => { label: string; href: string } | undefined;
}) {
  const [saving, setSaving] = useState<Saving>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (mode: "save" | "continue") =>
    form.handleSubmit(async (values) => {
      setSaving(mode);
      setError(null);
      const res = await callAction(save(values, mode));
      setSaving(null);
      if (!res.ok) {
        applyServerErrors(form, res.fieldErrors, fields);
        setError(res.message);
        toast.error(res.message);
        return;
      }
      toast.success(res.message ?? "Saved", { link: savedLink?.(res.data) });
      onSaved(mode, res.message, res.data);
    });
  return { saving, error, submit };
}

/**
 * A content form (post, attachment, save-the-date): its react-hook-form state from `initial` and the
 * schema's `resolver`, and its save: Save goes back to the list, Save And Continue starts an empty form
 * (`blank`) with a fresh upload list; the server's field errors go onto the fields and its message into
 * a toast, and what was typed stays. Saving is disabled while a save or an upload is under way.
 */
export function useContentForm<T extends WithDocuments & { id?: number | null }>({
  initial,
  resolver,
  save,
  fields,
  blank,
  backHref,
}: {
  initial: T;
  resolver: Resolver<T>;
  save: (values: T) => Promise<ActionResult<unknown>>;
  fields: readonly string[];
  blank: () => DefaultValues<T>;
  backHref: string;
}) {
  const form = useForm<T>({ resolver, defaultValues: initial as DefaultValues<T> });
  const router = useRouter();
  const [uploading, setUploading] = useState(false);
  // A new key gives the dropzone a fresh list (Save And Continue); its first files are the record's.
  const [upload, setUpload] = useState(() => ({
    key: 0,
    initialFiles: form.getValues("documents" as Path<T>) as DocumentRef[],
  }));
  const { saving, submit } = useFormSave({
    form,
    save: (values) => save(values),
    fields,
    onSaved: (mode) => {
      if (mode === "continue") {
        form.reset(blank());
        setUpload((u) => ({ key: u.key + 1, initialFiles: [] }));
      } else {
        router.push(backHref);
        router.refresh();
      }
    },
  });

  return {
    form,
    editing: initial.id != null,
    saving,
    busy: saving !== null || uploading,
    submit,
    upload: { key: upload.key, initialFiles: upload.initialFiles, onBusyChange: setUploading } satisfies UploadState,
  };
}

/**
 * The frame of every content form: the FormCard ('Add New {noun}' / 'Edit {noun}', the author line),
 * the form with its Title, the Description (when `descriptionRows` is given), the form's own fields
 * (`children`) and the buttons (`saveLabel`: Save / Update unless given).
 */
export function ContentFormFrame<T extends WithDocuments & { id?: number | null; title: string }>({
  state,
  noun,
  userName,
  backHref,
  descriptionRows,
  saveLabel,
  children,
}: {
  state: ReturnType<typeof useContentForm<T>>;
  noun: string;
  userName: string;
  backHref: string;
  descriptionRows?: number;
  saveLabel?: string;
  children: React.ReactNode;
}) {
  const { form, editing, busy, saving, submit } = state;
  const errorOf = (name: "title" | "description") => form.getFieldState(name as Path<T>, form.formState).error?.message;
  return (
    <FormCard
      title={editing ? `Edit ${noun}` : `Add New ${noun}`}
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
          error={errorOf("title")}
          {...form.register("title" as Path<T>)}
        />
        {descriptionRows !== undefined && (
          <TextAreaField
            label="Description"
            rows={descriptionRows}
            error={errorOf("description")}
            {...form.register("description" as Path<T>)}
          />
        )}
        {children}
        <FormButtons
          cancelHref={backHref}
          editing={editing}
          saveLabel={saveLabel}
          busy={busy}
          saving={saving}
          onSaveAndContinue={submit("continue")}
        />
      </form>
    </FormCard>
  );
}

/** A content form's upload block: the form's `documents`, through the one Dropzone. */
export function DocumentsField<T extends WithDocuments>({
  form,
  kind,
  upload,
}: {
  form: UseFormReturn<T>;
  kind: UploadKindName;
  upload: UploadState;
}) {
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
