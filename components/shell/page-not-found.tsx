"use client";

import { createContext, useContext } from "react";
import { NotFoundScreen } from "./status-screen";

const InShell = createContext(false);

/**
 * Tells the 404 page below it where it renders: `inShell` for what the portal shell
 * (components/shell/shell-frame.tsx) renders as its page content; false in the root layout
 * (app/layout.tsx), which is also what makes this module, the status screens and next/link part of
 * the root layout's client chunk. Else Turbopack put a copy of them (4 KB gzip) in both the root 404
 * boundary's chunk and the shell's chunk, and every portal page loaded both.
 */
export function NotFoundPlacement({ inShell, children }: { inShell: boolean; children: React.ReactNode }) {
  return <InShell.Provider value={inShell}>{children}</InShell.Provider>;
}

/**
 * The one 404 page (the old portal: PageNotFound, without header or sidebar), app/not-found.tsx. Next renders it
 * inside the portal's layout when a portal page calls notFound() (an unknown menu slug, a missing
 * record) and alone for a path no route matches. Inside the shell it is no second `<main>`, and its
 * `data-page-not-found` hides the shell's header, sidebar and footer (`[data-shell-chrome]`,
 * app/globals.css), so both look and read the same.
 */
export function PageNotFound() {
  const inShell = useContext(InShell);
  if (inShell) {
    return (
      <div data-page-not-found="" className="-mx-4 -my-6 bg-slate-50 md:-mx-8 md:-my-8">
        <NotFoundScreen fullHeight />
      </div>
    );
  }
  return (
    <main id="main-content" data-page-not-found="" className="bg-slate-50">
      <NotFoundScreen fullHeight />
    </main>
  );
}
