"use client";

import { ErrorScreen } from "@/components/shell/status-screen";

/** A portal page that failed: the shell stays, the page offers a retry (components/shell/status-screen.tsx). */
export default function PortalError({
  error,
  reset,
  retry,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  retry?: () => void;
}) {
  return <ErrorScreen error={error} retry={retry ?? reset} />;
}
