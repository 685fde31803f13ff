"use client";

import { useEffect, useRef } from "react";
import { useConfirm, type ConfirmOptions } from "@/components/ui/confirm-dialog";

export const LEAVE_QUESTION: ConfirmOptions = {
  title: "Leave this page?",
  text: "You have unsaved changes. If you leave now, what you typed is lost.",
  confirmLabel: "Leave",
  cancelLabel: "Stay",
  danger: true,
};

/**
 * Asks before a form with unsaved changes is left, whichever way: a link anywhere in the portal (the
 * sidebar, Back/Cancel), the browser's Back button, a reload or closing the tab. Links and Back ask
 * with the portal's confirm dialog; a reload or closing the tab gets the browser's own question
 * (`beforeunload`, the only one a page may show then). Returns the dialog to render.
 *
 * Links: a click on a link to another page is stopped in the capture phase, before Next's `<Link>`
 * sees it, and replayed when the user chooses to leave. Back: Next's router handles `popstate` on
 * `window`; this listens in the capture phase, which runs first, keeps Next from seeing it, steps
 * forward again to the form's entry and asks; leaving steps back once more and lets Next handle it.
 */
export function useUnsavedChanges(dirty: boolean): React.ReactNode {
  const [confirm, dialog] = useConfirm();
  // Survives the effect's re-runs: a step forward under way, a question open, a chosen leave.
  const state = useRef({ bypass: false, returning: false, asking: false });

  useEffect(() => {
    if (!dirty) return;
    const s = state.current;
    const ask = async (leave: () => void) => {
      if (s.asking) return;
      s.asking = true;
      const ok = await confirm(LEAVE_QUESTION);
      s.asking = false;
      if (!ok) return;
      s.bypass = true;
      leave();
      // A leave that goes nowhere (the same page) must not switch the guard off for good.
      setTimeout(() => (s.bypass = false), 1000);
    };

    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (s.bypass) return;
      e.preventDefault();
      e.returnValue = ""; // older browsers ask only when this is set
    };

    const onClick = (e: MouseEvent) => {
      if (s.bypass || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>("a[href]") : null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      const here = new URL(window.location.href);
      if (to.origin !== here.origin) return; // leaves the portal: beforeunload asks
      if (to.pathname === here.pathname && to.search === here.search) return; // the same page (an anchor)
      e.preventDefault();
      e.stopImmediatePropagation();
      void ask(() => link.click());
    };

    const onPopState = (e: PopStateEvent) => {
      if (s.returning) {
        // The step forward back to the form's entry: the page did not change, Next need not know.
        s.returning = false;
        e.stopImmediatePropagation();
        return;
      }
      if (s.bypass) return;
      e.stopImmediatePropagation();
      s.returning = true;
      window.history.go(1);
      void ask(() => window.history.go(-1));
    };

    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState, true);
    };
  }, [dirty, confirm]);

  return dialog;
}

/** The guard as a component, for the form shells (FormCard): renders the dialog when it asks. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  return <>{useUnsavedChanges(dirty)}</>;
}
