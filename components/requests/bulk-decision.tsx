"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { bulkDecideRequestsAction } from "@/lib/requests/actions";
import {
  API_FORMS,
  BULK_DECISIONS,
  COMMENT_REQUIRED,
  DECISION_LABELS,
  workflowOf,
  type ApiForm,
  type BulkDecision as Decision,
} from "@/lib/requests/transitions";

/**
 * The lists' bulk decision on the selected requests with one comment: Approve or Deny (a reason for Deny);
 * for suggestions Under review, Accept or Decline (a reason for Decline). Rows the user may not decide,
 * that someone decided meanwhile, or whose status has no such step are left as they are and counted.
 */
export function BulkDecision({ form, selected, clear }: { form: ApiForm; selected: string[]; clear: () => void }) {
  const router = useRouter();
  const id = useId();
  const [comment, setComment] = useState("");
  const [pending, start] = useTransition();
  const decisions: readonly Decision[] = BULK_DECISIONS[workflowOf(API_FORMS[form])];
  const reasoned = decisions.filter((d) => COMMENT_REQUIRED.has(d)).map((d) => DECISION_LABELS[d].toLowerCase());
  const run = (decision: Decision) =>
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
        placeholder={`Comment (a reason to ${reasoned.join(" or ")})`}
        className="rounded-md border border-slate-300 px-2 py-1 text-sm"
      />
      {decisions.map((d) => (
        <Button
          key={d}
          type="button"
          variant={COMMENT_REQUIRED.has(d) ? "danger" : undefined}
          className="px-3 py-1"
          loading={pending}
          onClick={() => run(d)}
        >
          {`${DECISION_LABELS[d]} ${selected.length}`}
        </Button>
      ))}
    </span>
  );
}
