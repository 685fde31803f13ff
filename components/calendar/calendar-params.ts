import { createParser, createSerializer, type inferParserType } from "nuqs/server";
import { parseMonthParam } from "@/lib/calendar/range";
import { parseIsoDate } from "@/lib/dates/parse";

/**
 * The calendar page's URL state, so every view has an address and Back works: `?month=YYYY-MM` the
 * month shown, `?event=ID` an event, `?edit=ID` the edit form, `?add=YYYY-MM-DD` the add form, `?q=`
 * search results. A value that does not parse reads as absent. The client reads them through nuqs
 * (use-calendar-params.ts); the server page reads `month` with the same parseMonthParam.
 */

/** A positive id of up to 10 digits. */
const parseAsId = createParser({
  parse: (v) => (/^[1-9]\d{0,9}$/.test(v) ? Number(v) : null),
  serialize: String,
});

/** A real calendar day, `YYYY-MM-DD`. */
const parseAsDay = createParser({
  parse: (v) => (parseIsoDate(v) ? v : null),
  serialize: (v: string) => v,
});

/** A real month, `YYYY-MM`. */
const parseAsMonth = createParser({
  parse: (v) => (parseMonthParam(v) ? v : null),
  serialize: (v: string) => v,
});

/** The search box's limit (lib/calendar/schemas.ts searchText). */
export const SEARCH_MAX = 190;

/** Search text, trimmed and cut to the box's limit; blank reads as absent. */
const parseAsSearch = createParser({
  parse: (v) => v.trim().slice(0, SEARCH_MAX) || null,
  serialize: (v: string) => v,
});

export const calendarParsers = {
  month: parseAsMonth,
  event: parseAsId,
  edit: parseAsId,
  add: parseAsDay,
  q: parseAsSearch,
};

export type CalendarParams = inferParserType<typeof calendarParsers>;
export type CalendarParamChanges = Partial<CalendarParams>;

/** A URL with some parameters changed (null removes one), the others kept. */
export const calendarUrl = createSerializer(calendarParsers);

/** What the page shows; the parameters win in this order: edit, add, event, q, else the month. */
export type View =
  | { kind: "calendar" }
  | { kind: "search"; query: string }
  | { kind: "detail"; id: number }
  | { kind: "form"; day: string | null; id: number | null };

export function viewOf(params: CalendarParams): View {
  if (params.edit) return { kind: "form", day: null, id: params.edit };
  if (params.add) return { kind: "form", day: params.add, id: null };
  if (params.event) return { kind: "detail", id: params.event };
  if (params.q) return { kind: "search", query: params.q };
  return { kind: "calendar" };
}

/** The parameters of the views (not `month`): opening one view clears the others'. */
export const NO_VIEW = { event: null, edit: null, add: null, q: null } as const satisfies CalendarParamChanges;

/** Same page and the same parameters, in any order. */
export function sameAddress(a: string, b: string): boolean {
  const x = new URL(a);
  const y = new URL(b);
  if (x.origin !== y.origin || x.pathname !== y.pathname) return false;
  const sorted = (u: URL) =>
    [...u.searchParams]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
  return sorted(x) === sorted(y);
}
