import type { CalendarItem } from "./types";
import type { OccurrenceRow } from "./queries";
import { isoOf } from "@/lib/dates/civil";

/**
 * The portal calendar's occurrences (lib/calendar/types.ts CalendarItem) from query rows, and a compact
 * form of the page's initial occurrences (server -> client props): a month of a busy calendar is over a
 * thousand occurrences, and repeating 13 field names and ISO strings in each
 * doubled the page. Keys are sent once; flags and times are numbers.
 */
export type PackedItems = {
  keys: Record<number, [name: string, color: string]>;
  /** [id, title, keyId, flags (1 inactive, 2 recursive, 4 all-day), startMs, endMs, startDay, endDay] */
  rows: [number, string, number, number, number, number, string, string][];
};

/** Packs the window's rows directly (the page: no ISO strings made only to be parsed again). */
export function packOccurrences(rows: OccurrenceRow[]): PackedItems {
  const keys: PackedItems["keys"] = {};
  const out: PackedItems["rows"] = [];
  for (const r of rows) {
    const o = r.occurrence;
    keys[r.keyId] ??= [r.keyName, r.color];
    const flags = (r.status === "inactive" ? 1 : 0) | (r.type === "recursive" ? 2 : 0) | (o.allDay ? 4 : 0);
    out.push([r.eventId, r.title, r.keyId, flags, o.start, o.end, o.startDate ?? "", o.endDate ?? ""]);
  }
  return { keys, rows: out };
}

export function unpackItems(p: PackedItems): CalendarItem[] {
  return p.rows.map(([id, title, keyId, flags, startMs, endMs, startDay, endDay]) => {
    const [name, color] = p.keys[keyId] ?? ["", "#444444"];
    return {
      id,
      occurrenceId: `${id}-${startMs}`,
      title,
      keyId,
      keyName: name,
      colorCode: color,
      status: flags & 1 ? "inactive" : "active",
      type: flags & 2 ? "recursive" : "normal",
      allDay: !!(flags & 4),
      start: isoOf(startMs),
      end: isoOf(endMs),
      startDay: startDay || null,
      endDay: endDay || null,
    };
  });
}

/** One occurrence in the portal calendar's shape (its read, app/api/calendar/events, answers these). */
export function toCalendarItem(r: OccurrenceRow): CalendarItem {
  const o = r.occurrence;
  return {
    id: r.eventId,
    occurrenceId: `${r.eventId}-${o.start}`,
    title: r.title,
    keyId: r.keyId,
    keyName: r.keyName,
    colorCode: r.color,
    status: r.status,
    type: r.type,
    allDay: o.allDay,
    start: isoOf(o.start),
    end: isoOf(o.end),
    startDay: o.startDate,
    endDay: o.endDate,
  };
}
