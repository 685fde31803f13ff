import type { Metadata } from "next";
import { UnauthorizedScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Please sign in" };

/** 401 outside the portal shell (components/shell/status-screen.tsx UnauthorizedScreen). */
export default function Unauthorized() {
  return (
    <main id="main-content" className="bg-slate-50">
      <UnauthorizedScreen fullHeight />
    </main>
  );
}
