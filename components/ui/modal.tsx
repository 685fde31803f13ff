"use client";

import { useEffect, useRef } from "react";

type ModalProps = {
  open: boolean;
  /** Escape (the dialog's cancel event); the dialog stays open until `open` turns false. */
  onCancel: () => void;
  labelledBy: string;
  describedBy?: string;
  /** Size, padding and surface; placement and backdrop are the same for every modal. */
  className: string;
  children: React.ReactNode;
};

/**
 * The portal's modal: a native <dialog> opened with showModal() while `open` (focus moves in and is
 * trapped, the page behind is inert) and closed when it turns false, which returns focus to where it
 * was. Escape asks `onCancel` instead of closing by itself, so the owner's state stays the truth.
 */
export function Modal({ open, onCancel, labelledBy, describedBy, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className={`m-auto backdrop:bg-slate-900/50 ${className}`}
    >
      {children}
    </dialog>
  );
}
