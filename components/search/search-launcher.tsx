"use client";

import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { Icon } from "@/components/ui/icon";

const loadDialog = () => import("./search-dialog");
const SearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SearchDialog })));

/**
 * The header's search: a field-like button (and Ctrl/Cmd-K anywhere, or '/' outside a text field)
 * opens the search dialog. The dialog's code (search-dialog.tsx) is not part of the page's first load:
 * it is fetched when the pointer or focus reaches the button, or at the first opening.
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing =
        e.target instanceof HTMLElement &&
        (e.target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName));
      const shortcut = (e.key === "k" || e.key === "K") && (e.ctrlKey || e.metaKey) && !e.altKey;
      if (shortcut || (e.key === "/" && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)) {
        e.preventDefault();
        show();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [show]);

  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-600 hover:border-slate-400 hover:text-slate-800 sm:w-64 md:w-80"
      >
        <Icon name="search" className="h-5 w-5 shrink-0" />
        <span className="sr-only sm:not-sr-only sm:flex-1 sm:text-left">Search the portal</span>
        <kbd className="hidden rounded border border-slate-200 bg-slate-50 px-1.5 text-xs text-slate-500 sm:inline">
          Ctrl K
        </kbd>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
