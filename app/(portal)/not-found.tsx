import type { Metadata } from "next";
import { NotFoundScreen } from "@/components/shell/status-screen";

export const metadata: Metadata = { title: "Page not found" };

/** 404 for an unknown menu slug: the signed-in user keeps the shell to navigate on. */
export default function PortalNotFound() {
  return <NotFoundScreen />;
}
