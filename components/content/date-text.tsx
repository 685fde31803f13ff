import { format } from "date-fns";
import { DATE_PATTERNS, type DateKind } from "@/lib/content/dates";
import { LocalTime } from "./local-time";

/** Server-rendered date in one of the old portal's formats (date-fns), re-formatted in the viewer's zone after load. */
export function DateText({ date, kind, className }: { date: Date; kind: DateKind; className?: string }) {
  return (
    <LocalTime
      iso={date.toISOString()}
      kind={kind}
      serverText={format(date, DATE_PATTERNS[kind])}
      {...(className && { className })}
    />
  );
}
