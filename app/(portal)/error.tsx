"use client";

import { Button } from "@/components/ui/button";
import { StatusScreen } from "@/components/shell/status-screen";

/** An unexpected error in a portal page: the shell stays, the page offers a retry. */
export default function PortalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StatusScreen
      icon="refresh"
      title="Something went wrong"
      actions={<Button onClick={() => reset()}>Try again</Button>}
    >
      <p>The page could not be loaded. Please try again in a moment.</p>
    </StatusScreen>
  );
}
