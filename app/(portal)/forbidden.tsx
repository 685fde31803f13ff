import type { Metadata } from "next";
import { ForbiddenScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Access denied" };

/** 403 raised by a portal page (forbidden() / pageGuard): rendered inside the shell. */
export default function PortalForbidden() {
  return <ForbiddenScreen />;
}
