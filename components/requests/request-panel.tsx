import type { loadRequestPanel } from "@/lib/requests/queries";
import { AssignForm } from "./assign-form";
import { DecisionForm } from "./decision-form";
import { RequestTimeline } from "./request-timeline";
import { StatusBadge } from "./status-badge";
import { RequestFiles } from "./request-files";
import { WithdrawButton } from "./withdraw-button";
import { standingComment } from "@/lib/requests/transitions";

type Panel = NonNullable<Awaited<ReturnType<typeof loadRequestPanel>>>;

/**
 * A request's status, its timeline and, for whoever may act on it now, the decision form (record pages): the
 * question asked stands above the requester's answer box; the requester may withdraw an open request; the
 * photos and documents the requester attached are listed for everyone who may open it.
 */
export function RequestPanel({ panel, approvers = [] }: { panel: Panel; approvers?: { id: number; name: string }[] }) {
  const standing = standingComment(panel.steps, panel.status);
  const decisions = panel.decisions.filter((d) => d !== "withdraw");
  return (
    <section aria-labelledby="request-status-title" className="space-y-4 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="request-status-title" className="text-lg font-semibold text-slate-900">
          Status
        </h2>
        <StatusBadge status={panel.status} />
      </div>
      {standing && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">
            {standing.kind === "question"
              ? `${standing.step.by || "An approver"} asks:`
              : `Reason given by ${standing.step.by || "the approver"}:`}
          </p>
          <p className="mt-1 break-words whitespace-pre-line">{standing.step.comment}</p>
        </div>
      )}
      {panel.mayAssign && (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="mb-2 text-sm text-amber-900">No form email mapping routed this submission.</p>
          <AssignForm
            form={panel.form}
            id={panel.id}
            approvers={approvers}
            assignedTo={panel.assignedTo}
            assignedToName={panel.assignedToName}
          />
        </div>
      )}
      {decisions.length > 0 && (
        <div className="rounded-md border border-slate-200 p-3">
          <h3 className="mb-2 text-sm font-semibold text-slate-800">
            {decisions.includes("answer") ? "Information requested" : "Decision"}
          </h3>
          <DecisionForm form={panel.form} id={panel.id} status={panel.status} decisions={decisions} />
        </div>
      )}
      {panel.decisions.includes("withdraw") && <WithdrawButton form={panel.form} id={panel.id} status={panel.status} />}
      {panel.files.length > 0 && <RequestFiles files={panel.files} />}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">Timeline</h3>
        <RequestTimeline steps={panel.steps} />
      </div>
    </section>
  );
}
