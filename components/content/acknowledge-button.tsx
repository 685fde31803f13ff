"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { acknowledgePostAction } from "@/lib/content/must-read/actions";

/** 'I have read and understood this' (once; the page then shows 'Acknowledged on ...'). */
export function AcknowledgeButton({ postId }: { postId: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const acknowledge = async () => {
    setBusy(true);
    const res = await callAction(acknowledgePostAction({ postId }));
    setBusy(false);
    if (!res.ok) {
      toast.error(res.message);
      return;
    }
    toast.success(res.message ?? "Acknowledged");
    router.refresh();
  };
  return (
    <Button type="button" onClick={acknowledge} disabled={busy} loading={busy}>
      I have read and understood this
    </Button>
  );
}
