"use client";

import { useCallback, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";

export type ConfirmOptions = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
};

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  /** While the confirmed action runs: the confirm button spins and nothing can cancel. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Choices the question needs (e.g. where a deleted menu's content goes), between the text and the buttons. */
  children?: React.ReactNode;
};

/**
 * The old portal's confirmation ('Are you sure?' ...) in a Modal: focus moves into it (on the cancel
 * button) and is trapped, Escape cancels unless the action runs, and focus returns to the button that
 * opened it. Controlled (`open`, `busy`); `useConfirm` below wraps it as a promise.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel,
  danger,
  busy,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();

  return (
    <Modal
      open={open}
      labelledBy={titleId}
      describedBy={textId}
      onCancel={() => {
        if (!busy) onCancel();
      }}
      className="w-[min(26rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-center shadow-xl"
    >
      <div
        aria-hidden="true"
        className={`mx-auto mb-3 flex h-12 w-12 items-center justify-center rounded-full border-2 text-2xl font-semibold ${danger ? "border-red-300 text-red-500" : "border-amber-300 text-amber-500"}`}
      >
        !
      </div>
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-slate-600">
        {text}
      </p>
      {children}
      <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancelLabel}
        </Button>
        <Button type="button" variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * The same dialog as a promise, for code that asks and then acts:
 * `const [confirm, dialog] = useConfirm(); if (await confirm({...})) ...; return <>{dialog}</>`.
 * A new question answers the pending one with false.
 */
export function useConfirm(): [(opts: ConfirmOptions) => Promise<boolean>, React.ReactNode] {
  const [question, setQuestion] = useState<{ opts: ConfirmOptions; open: boolean } | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);

  const settle = useCallback((value: boolean) => {
    setQuestion((q) => (q ? { ...q, open: false } : q));
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const confirm = useCallback((opts: ConfirmOptions) => {
    resolver.current?.(false);
    setQuestion({ opts, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = question ? (
    <ConfirmDialog
      {...question.opts}
      open={question.open}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  ) : null;
  return [confirm, dialog];
}
