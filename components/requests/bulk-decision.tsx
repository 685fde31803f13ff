"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { bulkDecideRequestsAction } from "@/lib/requests/actions";
import type { ApiForm } from "@/lib/requests/transitions";

/**
 * The lists' bulk decision: Approve or Deny the selected requests with one comment (a reason for Deny).
 * Rows the user may not decide, or that someone decided meanwhile, are left as they are and counted.
 */
export function BulkDecision({ form, selected, clear }: { form: ApiForm; selected: string[]; clear: () => void }) {
  const router = useRouter();
  const id = useId();
  const [comment, setComment] = useState("");
  const [pending, start] = useTransition();
  const run = (decision: "approve" | "deny") =>
    start(async () => {
      const res = await bulkDecideRequestsAction({ form, ids: selected.map(Number), decision, comment });
      if (!res.ok) {
        toast.error(res.fieldErrors?.comment?.[0] ?? res.message);
        return;
      }
      toast.success(res.message ?? "Decided.");
      setComment("");
      clear();
      router.refresh();
    });
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Comment for the selected requests
      </label>
      <input
        id={id}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={5000}
        placeholder="Comment (a reason to deny)"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
      />
      <Button type="button" className="px-3 py-1" loading={pending} onClick={() => run("approve")}>
        {`Approve ${selected.length}`}
      </Button>
      <Button type="button" variant="danger" className="px-3 py-1" loading={pending} onClick={() => run("deny")}>
        {`Deny ${selected.length}`}
      </Button>
    </span>
  );
}
