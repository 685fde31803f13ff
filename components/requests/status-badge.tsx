import { STATUS_LABELS } from "@/lib/requests/transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";

const tones: Record<RequestStatus, string> = {
  submitted: "bg-slate-100 text-slate-800",
  needs_info: "bg-amber-100 text-amber-900",
  approved: "bg-green-100 text-green-900",
  denied: "bg-red-100 text-red-900",
  completed: "bg-blue-100 text-blue-900",
  under_review: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  implemented: "bg-blue-100 text-blue-900",
  withdrawn: "bg-slate-200 text-slate-700",
};

/** A request's status as a badge (text, not colour alone, carries it). */
export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}
