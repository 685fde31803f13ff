import { format } from "date-fns";
import { LocalTime } from "./local-time";

/** The spec's date formats: 'D MMMM, YYYY', 'hh:mm A' and 'MM/DD/YYYY'. */
export const DATE_PATTERNS = { long: "d MMMM, yyyy", time: "hh:mm a", us: "MM/dd/yyyy" } as const;

/** Server-rendered date in one of the spec's formats, re-formatted in the viewer's zone after load. */
export function DateText({ date, kind, className }: { date: Date; kind: keyof typeof DATE_PATTERNS; className?: string }) {
  const pattern = DATE_PATTERNS[kind];
  return <LocalTime iso={date.toISOString()} pattern={pattern} serverText={format(date, pattern)} className={className} />;
}
