"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The spec's confirmation ('Are you sure?' ...) as a native modal <dialog>: focus moves into it and
 * is trapped, Escape cancels, and focus returns to the button that opened it.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-center shadow-xl backdrop:bg-slate-900/50"
    >
      <div aria-hidden="true" className={`mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full border-2 text-2xl font-semibold ${danger ? "border-red-300 text-red-500" : "border-amber-300 text-amber-500"}`}>
        !
      </div>
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-slate-600">
        {text}
      </p>
      <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button type="button" variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
