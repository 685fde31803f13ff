"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";

export type ConfirmOptions = { title: string; text: string; confirmLabel: string; cancelLabel: string; danger?: boolean };

/**
 * A promise-based confirmation in a modal <dialog> (focus kept inside, Esc cancels):
 * `const [confirm, dialog] = useConfirm(); if (await confirm({...})) ...; return <>{dialog}</>`.
 */
export function useConfirm(): [(opts: ConfirmOptions) => Promise<boolean>, React.ReactNode] {
  const [opts, setOpts] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((v: boolean) => void) | null>(null);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = ref.current;
    if (opts && d && !d.open) d.showModal();
  }, [opts]);

  const settle = useCallback((value: boolean) => {
    ref.current?.close();
    setOpts(null);
    resolver.current?.(value);
    resolver.current = null;
  }, []);

  const confirm = useCallback((o: ConfirmOptions) => {
    resolver.current?.(false);
    setOpts(o);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = opts ? (
    <dialog
      ref={ref}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(e) => {
        e.preventDefault();
        settle(false);
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-center shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="confirm-title" className="text-xl font-semibold text-slate-900">
        {opts.title}
      </h2>
      <p id="confirm-text" className="mt-2 text-slate-600">
        {opts.text}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button variant={opts.danger ? "danger" : "primary"} onClick={() => settle(true)}>
          {opts.confirmLabel}
        </Button>
        <Button variant="secondary" onClick={() => settle(false)} autoFocus>
          {opts.cancelLabel}
        </Button>
      </div>
    </dialog>
  ) : null;

  return [confirm, dialog];
}
