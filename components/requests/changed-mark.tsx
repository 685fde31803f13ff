"use client";

import { useState } from "react";

/**
 * 'Changed' on a row of My requests that an approver decided since the requester last looked. Opening the page
 * marks everything seen and refreshes it (for the header's count); the mark holds what the first render said, so
 * it stays for this visit and is gone on the next.
 */
export function ChangedMark({ changed }: { changed: boolean }) {
  const [shown] = useState(changed);
  if (!shown) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      Changed<span className="sr-only"> since you last looked</span>
    </span>
  );
}
