import "server-only";
import { cachedWindow, readCalendarStamp } from "./cache";
import { listCalendarKeys, listOccurrences } from "./queries";
import { toApiKey, toApiOccurrence } from "./api";
import { toCalendarItem } from "./pack";

/** FNV-1a of a string, for short cache keys. */
function fnv(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/**
 * A window's occurrences and keys as JSON text, cached under the calendar stamp (lib/calendar/cache.ts)
 * and the keys' current names and colours: a busy month is ~600 KB of JSON that many people ask for.
 * `shape`: `v1` for getevents (the old portal's names, local to `offsetMinutes`), `portal` for the
 * portal's own calendar (lib/calendar/types.ts CalendarContent).
 */
export async function windowContentJson(opts: {
  start: Date;
  end: Date;
  includeInactive: boolean;
  keyId?: number;
  /** A calendar page's keys (empty: every key): only their events and legend. */
  keyIds?: readonly number[];
  offsetMinutes: number | null;
  shape: "v1" | "portal";
}): Promise<string> {
  const [keys, stamp] = await Promise.all([listCalendarKeys(), readCalendarStamp()]);
  const signature = fnv(keys.map((k) => `${k.id}\u0001${k.name}\u0001${k.colorCode}\u0001${k.status}`).join("\u0002"));
  const cacheKey = [
    "body",
    opts.start.getTime(),
    opts.end.getTime(),
    opts.includeInactive ? 1 : 0,
    opts.keyId ?? 0,
    opts.keyIds?.join(",") ?? "",
    opts.offsetMinutes ?? "-",
    opts.shape,
    signature,
  ].join("|");
  return cachedWindow(
    cacheKey,
    async () => {
      const rows = await listOccurrences({
        start: opts.start,
        end: opts.end,
        includeInactive: opts.includeInactive,
        keyId: opts.keyId,
        keyIds: opts.keyIds,
        keys,
        stamp,
      });
      const shown = keys.filter((k) => k.status === "active" && (!opts.keyIds?.length || opts.keyIds.includes(k.id)));
      if (opts.shape === "portal") return JSON.stringify({ events: rows.map(toCalendarItem), keys: shown });
      return JSON.stringify({
        events: rows.map((r) => toApiOccurrence(r, opts.offsetMinutes)),
        keys: shown.map(toApiKey),
        start: opts.start.toISOString(),
        end: opts.end.toISOString(),
      });
    },
    stamp,
  );
}
