import type { CalendarItem } from "./types";

/**
 * A compact form of the page's initial occurrences (server -> client props): a month of a busy
 * calendar is over a thousand occurrences, and repeating 13 field names and ISO strings in each
 * doubled the page. Keys are sent once; flags and times are numbers.
 */
export type PackedItems = {
  keys: Record<number, [name: string, color: string]>;
  /** [id, title, keyId, flags (1 inactive, 2 recursive, 4 all-day), startMs, endMs, startDay, endDay] */
  rows: [number, string, number, number, number, number, string, string][];
};

export function packItems(items: CalendarItem[]): PackedItems {
  const keys: PackedItems["keys"] = {};
  const rows: PackedItems["rows"] = [];
  for (const i of items) {
    keys[i.meeting_id] ??= [i.mm_title, i.color_code];
    const flags = (i.status === "inactive" ? 1 : 0) | (i.type === "recursive" ? 2 : 0) | (i.all_day ? 4 : 0);
    rows.push([i.id, i.title, i.meeting_id, flags, Date.parse(i.start), Date.parse(i.end), i.start_day ?? "", i.end_day ?? ""]);
  }
  return { keys, rows };
}

export function unpackItems(p: PackedItems): CalendarItem[] {
  return p.rows.map(([id, title, keyId, flags, startMs, endMs, startDay, endDay]) => {
    const [name, color] = p.keys[keyId] ?? ["", "#444444"];
    return {
      id,
      occurrence_id: `${id}-${startMs}`,
      title,
      meeting_id: keyId,
      mm_title: name,
      color_code: color,
      status: flags & 1 ? "inactive" : "active",
      type: flags & 2 ? "recursive" : "normal",
      all_day: !!(flags & 4),
      start: new Date(startMs).toISOString(),
      end: new Date(endMs).toISOString(),
      start_day: startDay || null,
      end_day: endDay || null,
    };
  });
}
