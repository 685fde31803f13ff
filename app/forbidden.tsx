import type { Metadata } from "next";
import { ForbiddenScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Access denied" };

/** 403 outside the portal shell (a portal page's 403 renders inside it: app/(portal)/forbidden.tsx). */
export default function Forbidden() {
  return (
    <main id="main-content" className="min-h-dvh bg-slate-50">
      <ForbiddenScreen />
    </main>
  );
}
