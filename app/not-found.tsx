import type { Metadata } from "next";
import { NotFoundScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Page not found" };

/**
 * 404 for any path no route matches, without header or sidebar (spec: PageNotFound). 'Go To Home Page'
 * goes to `/`, which sends a signed-in user to the first menu page and anyone else to /login.
 * (An unknown menu slug is answered inside the shell: app/(portal)/not-found.tsx.)
 */
export default function NotFound() {
  return (
    <main id="main-content" className="bg-slate-50">
      <NotFoundScreen fullHeight />
    </main>
  );
}
