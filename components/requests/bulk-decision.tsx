"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { bulkDecideRequestsAction } from "@/lib/requests/actions";
import { bulkQuestion } from "@/lib/requests/bulk-outcome";
import {
  API_FORMS,
  BULK_DECISIONS,
  COMMENT_REQUIRED,
  DECISION_LABELS,
  REQUIRED_COMMENT,
  workflowOf,
  type ApiForm,
  type BulkDecision as Decision,
} from "@/lib/requests/transitions";

/** A selected row of a list with bulk decisions: its selection key and the request it is. */
export type BulkItem = { key: string; form: ApiForm; id: number };

/**
 * The bulk decision on the selected requests with one comment (a form's list, or the approvers' inbox across
 * forms): the decisions of the selected forms' workflows (Approve or Deny with a reason; for suggestions
 * Under review, Accept or Decline with a reason). It asks first ('Approve 5 requests?'); its answer names
 * every row not decided and why (someone decided it meanwhile, not the user's to decide, no such step from
 * its status), and the selection keeps exactly those rows.
 */
export function BulkDecision({ items, select }: { items: BulkItem[]; select: (keys: string[]) => void }) {
  const router = useRouter();
  const id = useId();
  const [comment, setComment] = useState("");
  const [pending, start] = useTransition();
  const [confirm, dialog] = useConfirm();
  const decisions: Decision[] = [
    ...new Set(items.flatMap((i) => BULK_DECISIONS[workflowOf(API_FORMS[i.form])] as readonly Decision[])),
  ];
  const reasoned = decisions.filter((d) => COMMENT_REQUIRED.has(d)).map((d) => DECISION_LABELS[d].toLowerCase());
  const run = async (decision: Decision) => {
    if (COMMENT_REQUIRED.has(decision) && !comment.trim()) {
      toast.error(REQUIRED_COMMENT[decision]!);
      document.getElementById(id)?.focus();
      return;
    }
    const ok = await confirm({
      title: bulkQuestion(decision, items.length),
      text: "Each request takes its own step; any that cannot be decided are named afterwards and stay selected.",
      confirmLabel: DECISION_LABELS[decision],
      cancelLabel: "Cancel",
      danger: COMMENT_REQUIRED.has(decision),
    });
    if (!ok) return;
    start(async () => {
      const res = await bulkDecideRequestsAction({
        items: items.map(({ form, id }) => ({ form, id })),
        decision,
        comment,
      });
      if (!res.ok) {
        toast.error(res.fieldErrors?.comment?.[0] ?? res.message);
        return;
      }
      const refused = new Set(res.data.refused.map((r) => `${r.form}:${r.id}`));
      select(items.filter((i) => refused.has(`${i.form}:${i.id}`)).map((i) => i.key));
      if (refused.size) toast.error(res.message ?? "", { duration: 15_000 });
      else toast.success(res.message ?? "Decided.");
      setComment("");
      router.refresh();
    });
  };
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
          onClick={() => void run(d)}
        >
          {`${DECISION_LABELS[d]} ${items.length}`}
        </Button>
      ))}
      {dialog}
    </span>
  );
}
