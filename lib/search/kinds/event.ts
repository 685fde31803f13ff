import "server-only";
import { sql } from "drizzle-orm";
import { shownOccurrenceMs, type Recurrence } from "@/lib/calendar/recurrence";
import { defineKind, hasDateFilter, headline, iso, titleHeadline } from "../engine";
import { documentName, documentSnippet, FEW_DOCUMENTS } from "./documents";

/**
 * Calendar events: their text and the passages of the files attached to them; inactive events only for
 * the roles that see event status; none without a calendar page. The date filter keeps the events
 * whose span (every occurrence of a series) meets the dates.
 */
export const eventKind = defineKind({
  kind: "event",
  fields: { series: "text", calendar: "text", status: "text" },
  sources: (ctx) => {
    if (!ctx.viewer.menus.calendarSlug) return null;
    const f = ctx.filters;
    const where = [
      ...(ctx.viewer.seeInactiveEvents ? [] : [sql`e.status = 'active'`]),
      ...(hasDateFilter(f)
        ? [
            sql`tstzrange(e.occurs_from, e.occurs_until, '[]') && tstzrange(${f.from ?? null}::date::timestamptz, (${f.to ?? null}::date + 1)::timestamptz, '[)')`,
          ]
        : []),
    ];
    return [
      { src: "text", table: "calendar_events", alias: "e", vector: sql`e.search_vector`, id: sql`e.id`, where },
      {
        src: "document",
        table: "file_text_chunks",
        alias: "ch",
        join: sql`join calendar_event_attachments a on a.file_id = ch.file_id join calendar_events e on e.id = a.event_id`,
        vector: sql`ch.search_vector`,
        id: sql`e.id`,
        where,
        srcId: sql`ch.file_id`,
        srcPos: sql`ch.position`,
        newest: "ch.file_id desc, ch.position desc",
        // Few files attached to events: start from them (documentSources).
        planner: (ctx.stats.linked.get("calendar_event_attachments") ?? 0) < FEW_DOCUMENTS,
      },
    ];
  },
  rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`e.title::text`)} as title,
    case h.src when 'document' then ${documentSnippet}
      else ${headline(sql`(e.description || ' ' || e.contact_person || ' ' || e.contact_email || ' ' || e.contact_number)`)} end as snippet,
    ${documentName} as document_name, ${iso(sql`coalesce(e.starts_at, e.occurs_from)`)} as date, ${seriesText} as series,
    k.name as calendar, e.status::text as status
    from h join calendar_events e on e.id = h.id join calendar_keys k on k.id = e.calendar_key_id, q`,
  toResult: (r, base, viewer) => ({
    ...base,
    date: eventDate(r),
    href: `/${viewer.menus.calendarSlug}?event=${r.id}`,
    context: [r.calendar, r.status === "inactive" ? "Inactive" : null].filter(Boolean).join(" · "),
  }),
});

/**
 * A recurring event's series as one text, so the result can show the next occurrence rather than the
 * first: recurrence|weekdays|interval|start ms|end ms|last date|zone (null for a single event).
 */
const seriesText = sql`case when e.type = 'recursive' then concat_ws('|', e.recurrence::text, coalesce(array_to_string(e.days_of_week, ','), ''), e.repeat_interval::text,
  (date_part('epoch', e.starts_at) * 1000)::int8::text, coalesce(((date_part('epoch', e.ends_at) * 1000)::int8)::text, ''), coalesce(to_char(e.repeat_until, 'YYYY-MM-DD'), ''), e.time_zone) end`;

/** The date an event result shows: a series' next occurrence (or its last, once finished). */
function eventDate(r: { date: string | null; series: string | null }): string | null {
  if (!r.series) return r.date;
  const [recurrence, days, interval, start, end, until, timeZone] = r.series.split("|");
  const o = shownOccurrenceMs(
    {
      type: "recursive",
      recurrence: recurrence as Recurrence,
      daysOfWeek: days ? days.split(",").map(Number) : null,
      interval: Number(interval) || 1,
      startMs: Number(start),
      endMs: end ? Number(end) : null,
      repeatUntil: until || null,
      timeZone,
    },
    Date.now(),
  );
  return o ? new Date(o.start).toISOString().replace(/\.\d{3}Z$/, "Z") : r.date;
}
