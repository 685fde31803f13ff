import { DateText } from "@/components/content/date-text";
import type { TimelineStep } from "@/lib/requests/queries";
import { stepTitle } from "@/lib/requests/transitions";

/** A request's timeline, oldest first: each step as it reads ('Needs information → Answered'), when, who and its comment. */
export function RequestTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {steps.map((s, i) => {
        const at = new Date(s.at);
        return (
          <li key={i} className="text-sm">
            <p className="text-slate-900">
              <span className="font-medium">{stepTitle(s)}</span>,{" "}
              <span className="text-slate-600">
                <DateText date={at} kind="us" /> <DateText date={at} kind="time" />
              </span>
            </p>
            <p className="text-slate-600">{s.by || "Unknown user"}</p>
            {s.comment && <p className="mt-1 break-words whitespace-pre-line text-slate-800">{s.comment}</p>}
          </li>
        );
      })}
    </ol>
  );
}
