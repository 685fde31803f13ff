"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

export type DialogButton = { label: string; variant?: "primary" | "secondary" | "danger"; onClick: () => void; autoFocus?: boolean };

/**
 * A modal built on <dialog> (focus is trapped and Escape closes it natively): the spec's confirmation
 * and 'Cancelled' / 'Deleted' popups. `onClose` runs on Escape too.
 */
export function Dialog({
  open,
  title,
  children,
  buttons,
  onClose,
  tone = "info",
  wide = false,
}: {
  open: boolean;
  title: string;
  children?: React.ReactNode;
  buttons: DialogButton[];
  onClose: () => void;
  tone?: "info" | "warning" | "error" | "success";
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const accent = { info: "text-brand-700", warning: "text-amber-700", error: "text-red-700", success: "text-emerald-700" }[tone];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50`}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className={`text-lg font-semibold ${accent}`}>
            {title}
          </h2>
          {children && (
            <div id={bodyId} className="mt-2 text-sm text-slate-700">
              {children}
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            {buttons.map((b) => (
              <Button key={b.label} type="button" variant={b.variant ?? "primary"} onClick={b.onClick} autoFocus={b.autoFocus}>
                {b.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </dialog>
  );
}
