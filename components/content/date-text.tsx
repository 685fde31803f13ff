import { formatInZone } from "@/lib/dates/format";
import { DATE_PATTERNS, type DateKind } from "@/lib/dates/local";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { LocalTime } from "./local-time";

/** Server-rendered date in one of the old portal's formats (in the portal's zone), re-formatted in the viewer's zone after load. */
export function DateText({ date, kind, className }: { date: Date; kind: DateKind; className?: string }) {
  return (
    <LocalTime
      iso={date.toISOString()}
      kind={kind}
      serverText={formatInZone(date, PORTAL_TIME_ZONE, DATE_PATTERNS[kind])}
      {...(className && { className })}
    />
  );
}
