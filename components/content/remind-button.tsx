"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { remindUnreadAction } from "@/lib/content/must-read/actions";

/**
 * 'Remind those who have not read it (once a day)': disabled, with the reason, while it cannot be sent:
 * before the post is published or after it expired (`blocked`, also refused on the server), and with the
 * time it may be sent again after a reminder.
 */
export function RemindButton({
  postId,
  nextAt,
  blocked,
  pending,
}: {
  postId: number;
  nextAt: React.ReactNode | null;
  blocked: React.ReactNode | null;
  pending: number;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const remind = async () => {
    setBusy(true);
    const res = await callAction(remindUnreadAction({ postId }));
    setBusy(false);
    if (!res.ok) toast.error(res.message);
    else toast.success(res.message ?? "Reminders queued");
    router.refresh();
  };
  const reasonId = `remind-reason-${postId}`;
  const reason =
    blocked ??
    (nextAt != null ? <>Reminded in the last 24 hours; the next reminder can be sent from {nextAt}.</> : null);
  return (
    <div className="space-y-1">
      <Button
        type="button"
        variant="secondary"
        onClick={remind}
        disabled={busy || reason != null || pending === 0}
        loading={busy}
        aria-describedby={reason != null ? reasonId : undefined}
      >
        Remind those who have not read it (at most once a day)
      </Button>
      {reason != null && (
        <p id={reasonId} className="text-xs text-slate-600">
          {reason}
        </p>
      )}
    </div>
  );
}
