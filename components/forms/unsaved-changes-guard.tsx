"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";
import { useConfirm, type ConfirmOptions } from "@/components/ui/confirm-dialog";

/** Marks the guard's history entry (its state), so Back onto the form's own entry is recognised. */
const GUARD = "__unsavedChangesGuard";

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
 * sees it, and replayed when the user chooses to leave. Back: while there are changes, a guard entry
 * of the same address sits on top of the form's own history entry, so Back stays on the page (nothing
 * unmounts, nothing is lost) and asks; Stay pushes the guard again, Leave steps back past the form.
 */
export function useUnsavedChanges(dirty: boolean): React.ReactNode {
  const [confirm, dialog] = useConfirm();
  const path = usePathname();
  // Survives the effect's re-runs: a question open, a chosen leave.
  const state = useRef({ bypass: false, asking: false });

  useEffect(() => {
    if (!dirty) return;
    const s = state.current;
    const ask = async (leave: () => void, stay: () => void = () => {}) => {
      if (s.asking) return;
      s.asking = true;
      const ok = await confirm(LEAVE_QUESTION);
      s.asking = false;
      if (!ok) return stay();
      s.bypass = true;
      leave();
      // A leave that goes nowhere (the same page) must not switch the guard off for good.
      setTimeout(() => (s.bypass = false), 1000);
    };
    // Back: a guard entry of the same address on top of the form's own. Back lands on the form's entry
    // (the same page, nothing unmounts) and asks; Stay puts the guard back, Leave steps back once more.
    const onGuard = () => (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;
    const pushGuard = () =>
      window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, "", window.location.href);
    if (!onGuard()) pushGuard();

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
      if (s.bypass || onGuard() || new URL(window.location.href).pathname !== path) return;
      // Back from the guard entry onto the form's own: the same page, Next need not restore anything.
      e.stopImmediatePropagation();
      void ask(() => window.history.back(), pushGuard);
    };

    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
      window.removeEventListener("popstate", onPopState, true);
    };
  }, [dirty, confirm, path]);

  return dialog;
}

/** The guard as a component, for the form shells (FormCard): renders the dialog when it asks. */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  return <>{useUnsavedChanges(dirty)}</>;
}
