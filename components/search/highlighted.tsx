import type { Segment } from "@/lib/search/highlight";

/** Text with the matched words in <mark>: segments from the server, rendered as text (never as HTML). */
export function Highlighted({ segments, className }: { segments: readonly Segment[]; className?: string }) {
  return (
    <span className={className}>
      {segments.map((s, i) =>
        s.hit ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 font-semibold text-inherit">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </span>
  );
}
