"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export type DialogButton = {
  label: string;
  variant?: "primary" | "secondary" | "danger";
  onClick: () => void;
  autoFocus?: boolean;
};

/** A popup the calendar's views ask for (the page draws it with Dialog). */
export type Popup = {
  title: string;
  text?: React.ReactNode;
  tone?: "info" | "warning" | "error" | "success";
  buttons?: DialogButton[];
  onClose?: () => void;
};

/**
 * The calendar's popups in a Modal (components/ui/modal.tsx): the event detail, its confirmation and
 * the 'Cancelled' / 'Deleted' answers, with any buttons. `onClose` runs on Escape too.
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
  const titleId = useId();
  const bodyId = useId();
  const accent = {
    info: "text-brand-700",
    warning: "text-amber-700",
    error: "text-red-700",
    success: "text-emerald-700",
  }[tone];
  return (
    <Modal
      open={open}
      labelledBy={titleId}
      describedBy={children ? bodyId : undefined}
      onCancel={onClose}
      className={`w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} rounded-lg p-0 shadow-xl`}
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
              <Button
                key={b.label}
                type="button"
                variant={b.variant ?? "primary"}
                onClick={b.onClick}
                autoFocus={b.autoFocus}
              >
                {b.label}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
