"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { withdrawRequestAction } from "@/lib/requests/actions";
import type { ApiForm } from "@/lib/requests/transitions";
import type { RequestStatus } from "@/lib/forms/request-statuses";

/**
 * The requester's 'Withdraw request' (record page), asked first: the request leaves its approvers' inbox for good.
 * The server decides (lib/requests/mutations.ts); a refusal (decided meanwhile) shows here and the page reloads.
 */
export function WithdrawButton({ form, id, status }: { form: ApiForm; id: number; status: RequestStatus }) {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();

  const withdraw = async () => {
    const yes = await confirm({
      title: "Withdraw this request?",
      text: "Its approvers will no longer be asked to decide it. This cannot be undone.",
      confirmLabel: "Withdraw",
      cancelLabel: "Keep it",
      danger: true,
    });
    if (!yes) return;
    start(async () => {
      setError(null);
      const res = await withdrawRequestAction({ form, id, expected_status: status });
      if (res.ok) toast.success(res.message ?? "Withdrawn.");
      else setError(res.message);
      router.refresh();
    });
  };

  return (
    <div className="space-y-1">
      <Button type="button" variant="secondary" loading={pending} onClick={withdraw}>
        Withdraw request
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {dialog}
    </div>
  );
}
