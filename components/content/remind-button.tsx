"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { remindUnreadAction } from "@/lib/content/must-read/actions";

/** 'Remind those who have not read it (once a day)': disabled, with the time it may be sent again, after a reminder. */
export function RemindButton({
  postId,
  nextAt,
  pending,
}: {
  postId: number;
  nextAt: React.ReactNode | null;
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
  return (
    <div className="space-y-1">
      <Button
        type="button"
        variant="secondary"
        onClick={remind}
        disabled={busy || nextAt != null || pending === 0}
        loading={busy}
      >
        Remind those who have not read it (at most once a day)
      </Button>
      {nextAt != null && (
        <p className="text-xs text-slate-600">
          Reminded in the last 24 hours; the next reminder can be sent from {nextAt}.
        </p>
      )}
    </div>
  );
}
