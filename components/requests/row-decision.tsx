"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FieldLabel } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { decideRequestAction } from "@/lib/requests/actions";
import {
  API_FORMS,
  COMMENT_REQUIRED,
  DECISION_LABELS,
  REQUIRED_COMMENT,
  decisionsFrom,
  workflowOf,
  type ApiForm,
  type Decision,
} from "@/lib/requests/transitions";
import type { RequestStatus } from "@/lib/forms/request-statuses";

/**
 * One request's decisions on a list row (the approvers' inbox): a button per decision its status allows.
 * One without a comment (Approve) is taken at once; one that needs a comment (Deny, Needs information,
 * Decline) opens a dialog for the reason or the question. Posted with the status the user saw, so a
 * decision someone made meanwhile is refused with who and how.
 */
export function RowDecision({
  row,
  name,
}: {
  row: { form: ApiForm; id: number; status: RequestStatus };
  name: string;
}) {
  const router = useRouter();
  const commentId = useId();
  const [pending, start] = useTransition();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const decisions = decisionsFrom(workflowOf(API_FORMS[row.form]), row.status).filter((d) => d !== "answer");

  const send = (decision: Decision) =>
    start(async () => {
      const res = await decideRequestAction({
        form: row.form,
        id: row.id,
        decision,
        comment,
        expected_status: row.status,
      });
      if (!res.ok) {
        if (res.fieldErrors?.comment && asking) return setError(res.fieldErrors.comment[0]);
        toast.error(res.message);
      } else toast.success(`${name}: ${res.message}`);
      setAsking(null);
      setComment("");
      router.refresh();
    });

  const take = (decision: Decision) => {
    if (!COMMENT_REQUIRED.has(decision)) return send(decision);
    setError(null);
    setAsking(decision);
  };

  return (
    <span className="flex flex-wrap gap-2">
      {decisions.map((d) => (
        <Button
          key={d}
          type="button"
          variant={COMMENT_REQUIRED.has(d) ? "secondary" : "primary"}
          className="px-2.5 py-1"
          loading={pending && asking === null}
          aria-label={`${DECISION_LABELS[d]}: ${name}`}
          onClick={() => take(d)}
        >
          {COMMENT_REQUIRED.has(d) ? `${DECISION_LABELS[d]}…` : DECISION_LABELS[d]}
        </Button>
      ))}
      {asking && (
        <ConfirmDialog
          open
          title={`${DECISION_LABELS[asking]}: ${name}`}
          text={asking === "needs_info" ? "Ask the requester what you need to know." : "Give the requester the reason."}
          confirmLabel={DECISION_LABELS[asking]}
          cancelLabel="Cancel"
          danger={asking !== "needs_info"}
          busy={pending}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (!comment.trim()) return setError(REQUIRED_COMMENT[asking]!);
            send(asking);
          }}
        >
          <div className="mt-4 text-left">
            <FieldLabel htmlFor={commentId} label={asking === "needs_info" ? "Question" : "Reason"} required />
            <textarea
              id={commentId}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              rows={3}
              maxLength={5000}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${commentId}-error` : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
            />
            {error && (
              <p id={`${commentId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        </ConfirmDialog>
      )}
    </span>
  );
}
