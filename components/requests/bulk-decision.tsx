"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { useConfirm } from "@/components/ui/confirm-dialog";
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

/** A selected request: its key in the selection, its form and id. */
export type BulkTarget = { key: string; form: ApiForm; id: number };

/**
 * The bulk decision on the selected requests with one comment (a list's rows, the approvals inbox's): Approve or
 * Deny (a reason for Deny); for suggestions Under review, Accept or Decline (a reason for Decline). It asks first
 * ('Approve 5 requests?'). Rows the user may not decide, that someone decided meanwhile, or whose status has no such
 * step are left as they are: the answer names each with why ('#12: not yours to decide') and they stay selected
 * (`keep`); the rest leave the selection.
 */
export function BulkDecision({
  selected,
  clear,
  keep,
  onOutcome,
}: {
  selected: BulkTarget[];
  clear: () => void;
  keep: (keys: string[]) => void;
  /** Who shows the lines of what was not decided, when they must outlive this bar (else it shows them). */
  onOutcome?: (lines: string[]) => void;
}) {
  const router = useRouter();
  const id = useId();
  const [comment, setComment] = useState("");
  const [undecided, setUndecided] = useState<string[]>([]);
  const [pending, start] = useTransition();
  const [confirm, dialog] = useConfirm();
  const workflows = [...new Set(selected.map((t) => workflowOf(API_FORMS[t.form])))];
  const decisions: readonly Decision[] = [...new Set(workflows.flatMap((w) => BULK_DECISIONS[w]))];
  const reasoned = decisions.filter((d) => COMMENT_REQUIRED.has(d)).map((d) => DECISION_LABELS[d].toLowerCase());
  const run = async (decision: Decision) => {
    const n = selected.length;
    const asked = await confirm({
      title: `${DECISION_LABELS[decision]} ${n} request${n === 1 ? "" : "s"}?`,
      text: "Each is decided with your comment; a request you may not decide now is left as it is and named.",
      confirmLabel: `${DECISION_LABELS[decision]} ${n}`,
      cancelLabel: "Cancel",
      danger: COMMENT_REQUIRED.has(decision),
    });
    if (!asked) return;
    start(async () => {
      const items = selected.map(({ form, id }) => ({ form, id }));
      const res = await bulkDecideRequestsAction({ items, decision, comment });
      if (!res.ok) {
        toast.error(res.fieldErrors?.comment?.[0] ?? res.message);
        return;
      }
      const { refused, lines } = res.data;
      if (onOutcome) onOutcome(lines);
      else setUndecided(lines);
      if (refused.length) {
        toast.error(res.message ?? "Some requests were not decided.");
        const left = new Set(refused.map((r) => `${r.form}:${r.id}`));
        keep(selected.filter((t) => left.has(`${t.form}:${t.id}`)).map((t) => t.key));
      } else {
        toast.success(res.message ?? "Decided.");
        setComment("");
        clear();
      }
      router.refresh();
    });
  };
  return (
    <div className="inline-flex flex-wrap items-center gap-2">
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
          {`${DECISION_LABELS[d]} ${selected.length}`}
        </Button>
      ))}
      <NotDecided lines={undecided} />
      {dialog}
    </div>
  );
}

/** The requests a bulk decision left undecided, each with why. */
export function NotDecided({ lines }: { lines: string[] }) {
  if (!lines.length) return null;
  return (
    <div role="status" className="basis-full text-sm text-red-800">
      Not decided:
      <ul className="ml-5 list-disc">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
