"use client";

import { ErrorScreen } from "@/components/shell/status-screen";

/**
 * A failure above the portal's pages (the signed-in shell's own session check, the sign-in page): the
 * whole screen says so and offers a retry. While the database cannot answer this is 'Temporarily
 * unavailable' (a 503), never a trip to the sign-in page.
 */
export default function RootError({
  error,
  reset,
  retry,
}: {
  error: Error & { digest?: string };
  reset: () => void;
  retry?: () => void;
}) {
  return <ErrorScreen error={error} retry={retry ?? reset} fullHeight />;
}
