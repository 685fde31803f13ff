import type { Metadata } from "next";
import { UnauthorizedScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Please sign in" };

/** 401 inside the portal shell (components/shell/status-screen.tsx UnauthorizedScreen). */
export default function PortalUnauthorized() {
  return <UnauthorizedScreen />;
}
