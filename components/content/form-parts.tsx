"use client";

import Link from "next/link";
import { useId } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";

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

/** Cancel, Save And Continue (new only), Save / Update. Disabled while saving or uploading. */
export function FormButtons({
  cancelHref,
  editing,
  saveLabel,
  busy,
  saving,
  onSaveAndContinue,
}: {
  cancelHref: string;
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
        Cancel
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
