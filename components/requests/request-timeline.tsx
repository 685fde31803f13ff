import { DateText } from "@/components/content/date-text";
import type { TimelineStep } from "@/lib/requests/queries";
import { DECISION_LABELS, RECORD_EVENT_LABELS, STATUS_LABELS } from "@/lib/requests/transitions";

/** A request's timeline, oldest first: each step's status, who, when and comment. */
export function RequestTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {steps.map((s, i) => (
        <li key={i} className="text-sm">
          <p className="font-medium text-slate-900">
            {s.decision in RECORD_EVENT_LABELS
              ? RECORD_EVENT_LABELS[s.decision as keyof typeof RECORD_EVENT_LABELS]
              : `${DECISION_LABELS[s.decision as keyof typeof DECISION_LABELS]} → ${STATUS_LABELS[s.status]}`}
          </p>
          <p className="text-slate-600">
            {s.by || "Unknown user"} · <DateText date={new Date(s.at)} kind="us" />
          </p>
          {s.comment && <p className="mt-1 break-words whitespace-pre-line text-slate-800">{s.comment}</p>}
        </li>
      ))}
    </ol>
  );
}
