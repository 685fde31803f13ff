"use client";

import { useCallback, useEffect, useRef, useState } from "react";

export type Flash = { kind: "success" | "error" | "info"; title: string; text?: string };

/** A message that hides itself after 5 seconds (the old portal's alert auto-hide). */
export function useFlash(ms = 5000): [Flash | null, (f: Flash | null) => void] {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback(
    (f: Flash | null) => {
      clearTimeout(timer.current);
      setFlash(f);
      if (f) timer.current = setTimeout(() => setFlash(null), ms);
    },
    [ms],
  );
  useEffect(() => () => clearTimeout(timer.current), []);
  return [flash, show];
}

const styles: Record<Flash["kind"], string> = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-slate-200 bg-white text-slate-700",
};

export function FlashMessage({ flash, className = "" }: { flash: Flash | null; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      {flash && (
        <p className={`rounded-md border px-3 py-2 text-sm shadow-sm ${styles[flash.kind]}`}>
          <span className="font-semibold">{flash.title}</span>
          {flash.text && <span> {flash.text}</span>}
        </p>
      )}
    </div>
  );
}
