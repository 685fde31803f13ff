import "server-only";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn, type SelectedFields } from "drizzle-orm/pg-core";
import { getDb, schema, type Db } from "@/lib/db";
import { ownColumns, rowsOf } from "@/lib/db/rows";
import { likePattern } from "@/lib/data-table/query";
import { personName } from "@/lib/users/display-name";
import {
  expandOccurrencesMs,
  planSeriesMs,
  shownOccurrence,
  seriesMs,
  shownOccurrenceMs,
  type Occurrence,
  type OccurrenceMs,
  type SeriesInput,
  type SeriesMs,
  type SeriesPlan,
} from "./recurrence";
import { cachedWindow, readCalendarStamp } from "./cache";
import type { EventStatus, EventType, KeyStatus, RecurrenceType } from "./constants";
import type { CalendarKey } from "./types";
import { filesOfEvents, type AttachmentFile } from "./attachments/queries";

const e = schema.calendarEvents;
const k = schema.calendarKeys;

/** A calendar key as the portal uses it (lib/calendar/types.ts CalendarKey). */
export type CalendarKeyRow = CalendarKey;

/** Calendar keys by name; `status` filters (get_meeting_list sends status=active), `id` picks one. */
export async function listCalendarKeys({ status, id }: { status?: KeyStatus; id?: number } = {}): Promise<
  CalendarKeyRow[]
> {
  const db = await getDb();
  const where: SQL[] = [];
  if (status) where.push(eq(k.status, status));
  if (id) where.push(eq(k.id, id));
  return db
    .select({ id: k.id, name: k.name, colorCode: k.colorCode, status: k.status })
    .from(k)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(k.name), asc(k.id));
}

/** One occurrence of an event, with what the calendar needs to draw it. */
export type OccurrenceRow = {
  eventId: number;
  title: string;
  keyId: number;
  keyName: string;
  color: string;
  status: EventStatus;
  type: EventType;
  recurrence: RecurrenceType | null;
  daysOfWeek: number[] | null;
  timeZone: string;
  occurrence: OccurrenceMs;
};

const seriesColumns = {
  type: e.type,
  recurrence: e.recurrence,
  daysOfWeek: e.daysOfWeek,
  repeatInterval: e.repeatInterval,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
  repeatUntil: e.repeatUntil,
  timeZone: e.timeZone,
};

/** Events joined to their key, selecting `columns` and the series columns occurrences are expanded from. */
function eventsWithKey<T extends SelectedFields>(db: Db, columns: T) {
  return db
    .select({ ...columns, ...seriesColumns })
    .from(e)
    .innerJoin(k, eq(k.id, e.calendarKeyId));
}

type SeriesRow = {
  type: EventType;
  recurrence: RecurrenceType | null;
  daysOfWeek: number[] | null;
  repeatInterval: number;
  startsAt: Date | null;
  endsAt: Date | null;
  repeatUntil: string | null;
  timeZone: string;
};

function seriesOf(r: SeriesRow): SeriesInput {
  return {
    type: r.type,
    recurrence: r.recurrence,
    daysOfWeek: r.daysOfWeek,
    interval: r.repeatInterval,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    repeatUntil: r.repeatUntil,
    timeZone: r.timeZone,
  };
}

const STATUS: Record<string, EventStatus> = { active: "active", inactive: "inactive" };
const RECURRENCE: Record<string, RecurrenceType | null> = {
  "": null,
  weekly: "weekly",
  monthly: "monthly",
  yearly: "yearly",
};

/** What the window needs of an event row, as one line of text (see `eventLines`). */
type EventLine = {
  id: number;
  keyId: number;
  status: EventStatus;
  series: SeriesMs;
  title: string;
  /** occurs_from / occurs_until in ms (null = unbounded). */
  from: number | null;
  until: number | null;
};

const num = (v: string) => (v === "" ? null : Number(v));

/**
 * Event rows matching `where` as text, a line per row and tab-separated fields: one text value is
 * cheaper to build and to send than a row or a JSON object per event. Instants
 * travel as epoch milliseconds; the title as a JSON string (tabs and line breaks escaped).
 */
async function eventLines(where: SQL): Promise<EventLine[]> {
  const db = await getDb();
  const ms = (c: AnyPgColumn) => sql`(date_part('epoch', ${c}) * 1000)::int8`;
  const result = await db.execute(sql`
    select string_agg(format(E'%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s',
      ${e.id}, ${e.calendarKeyId}, ${e.status}, ${e.recurrence}, array_to_string(${e.daysOfWeek}, ','), ${ms(e.startsAt)}, ${ms(e.endsAt)},
      ${ms(e.occursFrom)}, ${ms(e.occursUntil)}, ${e.timeZone}, ${e.repeatInterval}, to_char(${e.repeatUntil}, 'YYYY-MM-DD'), to_json(${e.title})), E'\n') as rows
    from ${e} where ${where}`);
  const text = rowsOf<{ rows: string | null }>(result)[0]?.rows ?? "";
  if (!text) return [];
  return text.split("\n").map((line) => {
    const f = line.split("\t");
    const recurrence = RECURRENCE[f[3]] ?? null;
    const rawTitle = f[12];
    return {
      id: Number(f[0]),
      keyId: Number(f[1]),
      status: STATUS[f[2]] ?? "active",
      series: {
        type: recurrence ? "recursive" : "normal",
        recurrence,
        daysOfWeek: f[4] ? f[4].split(",").map(Number) : null,
        interval: Number(f[10]) || 1,
        startMs: num(f[5]),
        endMs: num(f[6]),
        repeatUntil: f[11] || null,
        timeZone: f[9],
      },
      from: num(f[7]),
      until: num(f[8]),
      title: rawTitle.includes("\\") ? (JSON.parse(rawTitle) as string) : rawTitle.slice(1, -1),
    };
  });
}

type PlannedSeries = EventLine & { plan: SeriesPlan };

/**
 * Every recurring series with its plan, kept per process under the calendar stamp (lib/calendar/cache.ts):
 * a month meets nearly every live series, so reading and planning them for each window was most of
 * a window's cost, while they only change when an event is written.
 */
function plannedSeries(stamp: string): Promise<PlannedSeries[]> {
  return cachedWindow(
    "series",
    async () => {
      const out: PlannedSeries[] = [];
      for (const line of await eventLines(sql`${e.type} = 'recursive'`)) {
        const plan = planSeriesMs(line.series);
        if (plan) out.push({ ...line, plan });
      }
      return out;
    },
    stamp,
  );
}

/**
 * Every occurrence in [start, end), sorted. Normal events come from the partial GiST index over their
 * spans (a month meets a few hundred); recurring series from `plannedSeries`, expanded arithmetically
 * from the window. Inactive events only for roles that see event status. Key names and colours are
 * joined in memory (`keys`: every key, when the caller has read them already).
 */
export async function listOccurrences({
  start,
  end,
  includeInactive,
  keyId,
  keyIds,
  keys,
  stamp,
}: {
  start: Date;
  end: Date;
  includeInactive: boolean;
  keyId?: number;
  /** Only these keys (a calendar page's choice); empty or absent: every key. */
  keyIds?: readonly number[];
  keys?: CalendarKeyRow[];
  /** The calendar stamp, when the caller has read it already. */
  stamp?: string;
}): Promise<OccurrenceRow[]> {
  const where: SQL[] = [
    sql`${e.type} = 'normal'`,
    sql`tstzrange(${e.occursFrom}, ${e.occursUntil}, '[]') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
  ];
  if (!includeInactive) where.push(sql`${e.status} = 'active'`);
  if (keyId) where.push(sql`${e.calendarKeyId} = ${keyId}`);
  const only = keyIds?.length ? new Set(keyIds) : null;
  if (only) where.push(inArray(e.calendarKeyId, [...only]));
  const [normal, series, allKeys] = await Promise.all([
    eventLines(and(...where)!),
    (stamp ? Promise.resolve(stamp) : readCalendarStamp()).then(plannedSeries),
    keys ?? listCalendarKeys(),
  ]);
  const byId = new Map(allKeys.map((k) => [k.id, k]));
  const startMs = start.getTime();
  const endMs = end.getTime();
  const out: OccurrenceRow[] = [];
  const add = (r: EventLine, plan?: SeriesPlan) => {
    const key = byId.get(r.keyId);
    const { type, recurrence, daysOfWeek, timeZone } = r.series;
    for (const occurrence of expandOccurrencesMs(r.series, startMs, endMs, 1000, plan)) {
      out.push({
        eventId: r.id,
        title: r.title,
        keyId: r.keyId,
        keyName: key?.name ?? "",
        color: key?.colorCode ?? "#444444",
        status: r.status,
        type,
        recurrence,
        daysOfWeek,
        timeZone,
        occurrence,
      });
    }
  };
  for (const r of normal) add(r);
  for (const r of series) {
    // The span test of the index, in memory: [from, until] meets [start, end).
    if ((r.from !== null && r.from >= endMs) || (r.until !== null && r.until < startMs)) continue;
    if ((!includeInactive && r.status !== "active") || (keyId && r.keyId !== keyId) || (only && !only.has(r.keyId)))
      continue;
    add(r, r.plan);
  }
  out.sort((a, b) => a.occurrence.start - b.occurrence.start || a.eventId - b.eventId);
  return out;
}

/**
 * Events whose title or description contains `q` (case-insensitive; the trigram indexes serve it),
 * each once, with the occurrence to show: the next one from now, or the last one of a finished event.
 */
export async function searchEvents({
  q,
  includeInactive,
  keyIds,
  limit = 100,
}: {
  q: string;
  includeInactive: boolean;
  /** Only these keys (a calendar page's choice); empty or absent: every key. */
  keyIds?: readonly number[];
  limit?: number;
}): Promise<OccurrenceRow[]> {
  const db = await getDb();
  const pattern = likePattern(q);
  const where: SQL[] = [or(ilike(e.title, pattern), ilike(e.description, pattern))!];
  if (!includeInactive) where.push(eq(e.status, "active"));
  if (keyIds?.length) where.push(inArray(e.calendarKeyId, [...keyIds]));
  const rows = await eventsWithKey(db, {
    id: e.id,
    title: e.title,
    keyId: e.calendarKeyId,
    keyName: k.name,
    color: k.colorCode,
    status: e.status,
  })
    .where(and(...where))
    .orderBy(desc(e.occursUntil), desc(e.id))
    .limit(limit);
  const now = Date.now();
  const out: OccurrenceRow[] = [];
  for (const r of rows) {
    const occurrence = shownOccurrenceMs(seriesMs(seriesOf(r)), now);
    if (!occurrence) continue;
    out.push({
      eventId: r.id,
      title: r.title,
      keyId: r.keyId,
      keyName: r.keyName,
      color: r.color,
      status: r.status,
      type: r.type,
      recurrence: r.recurrence,
      daysOfWeek: r.daysOfWeek,
      timeZone: r.timeZone,
      occurrence,
    });
  }
  out.sort((a, b) => a.occurrence.start - b.occurrence.start || a.eventId - b.eventId);
  return out;
}

export type EventDetail = SeriesRow & {
  id: number;
  title: string;
  description: string;
  keyDescription: string;
  keyId: number;
  keyName: string;
  color: string;
  status: EventStatus;
  contactPerson: string;
  contactEmail: string;
  contactNumber: string;
  createdByName: string | null;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The occurrence to show: a series' next one (or the one under way; the last of a finished series). */
  shown: Occurrence | null;
  attachments: AttachmentFile[];
};

const creator = alias(schema.users, "creator");
const updater = alias(schema.users, "updater");

/** One event with its key, authors and attachments; inactive ones only when `includeInactive`. */
export async function getEventById({
  id,
  includeInactive,
}: {
  id: number;
  includeInactive: boolean;
}): Promise<EventDetail | null> {
  const db = await getDb();
  const [r] = await eventsWithKey(db, {
    id: e.id,
    title: e.title,
    description: e.description,
    keyDescription: e.keyDescription,
    keyId: e.calendarKeyId,
    keyName: k.name,
    createdByName: personName(creator),
    // 'Updated by' only once the event has been changed after it was created.
    updatedByName: sql<string | null>`case when ${e.updatedAt} > ${e.createdAt} then ${personName(updater)} end`,
    color: k.colorCode,
    status: e.status,
    contactPerson: e.contactPerson,
    contactEmail: e.contactEmail,
    contactNumber: e.contactNumber,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  })
    .leftJoin(creator, eq(creator.id, e.createdBy))
    .leftJoin(updater, eq(updater.id, e.updatedBy))
    .where(and(eq(e.id, id), includeInactive ? undefined : eq(e.status, "active")))
    .limit(1);
  if (!r) return null;
  const attachments = await filesOfEvents([id]);
  return { ...r, shown: shownOccurrence(seriesOf(r), new Date()), attachments };
}

/**
 * An event as stored, for an addupdateevent update (parseLegacyEventBody): a field its body leaves out
 * keeps this value, and an old weekly payload without dates keeps the schedule. Null for none.
 */
export async function getStoredEvent({ id }: { id: number }) {
  const db = await getDb();
  const [row] = await db
    .select(
      ownColumns(e, [
        "title",
        "calendarKeyId",
        "keyDescription",
        "description",
        "status",
        "type",
        "recurrence",
        "daysOfWeek",
        "repeatInterval",
        "startsAt",
        "endsAt",
        "repeatUntil",
        "timeZone",
        "contactPerson",
        "contactEmail",
        "contactNumber",
      ]),
    )
    .from(e)
    .where(eq(e.id, id))
    .limit(1);
  if (!row) return null;
  const attachmentKeys = (await filesOfEvents([id])).map((f) => f.storageKey);
  return { ...row, attachmentKeys };
}

/** The calendar keys a calendar menu page shows (empty: every key). */
export async function listMenuCalendarKeyIds({ menuId }: { menuId: number }): Promise<number[]> {
  const db = await getDb();
  const m = schema.menuCalendarKeys;
  const rows = await db
    .select({ id: m.calendarKeyId })
    .from(m)
    .where(eq(m.menuId, menuId))
    .orderBy(asc(m.calendarKeyId));
  return rows.map((r) => r.id);
}

/** The same, for a calendar page's slug (getevents' `slug`): null when no such menu exists. */
export async function listCalendarKeyIdsOfSlug({ slug }: { slug: string }): Promise<number[] | null> {
  const db = await getDb();
  const [menu] = await db
    .select({ id: schema.menus.id })
    .from(schema.menus)
    .where(eq(schema.menus.slug, slug))
    .limit(1);
  return menu ? listMenuCalendarKeyIds({ menuId: menu.id }) : null;
}

export type FeedTokenRow = {
  id: number;
  calendarKeyId: number | null;
  keyName: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};

/** A user's live (not revoked) subscription links. */
export async function listFeedTokens({ userId }: { userId: number }): Promise<FeedTokenRow[]> {
  const db = await getDb();
  const t = schema.calendarFeedTokens;
  return db
    .select({
      id: t.id,
      calendarKeyId: t.calendarKeyId,
      keyName: k.name,
      createdAt: t.createdAt,
      lastUsedAt: t.lastUsedAt,
    })
    .from(t)
    .leftJoin(k, eq(k.id, t.calendarKeyId))
    .where(and(eq(t.userId, userId), isNull(t.revokedAt)))
    .orderBy(desc(t.createdAt), desc(t.id));
}

/** The live link for a token hash, with its owner (who must still be active), or null. */
export async function getFeedByTokenHash({ tokenHash }: { tokenHash: string }) {
  const db = await getDb();
  const t = schema.calendarFeedTokens;
  const [row] = await db
    .select({
      id: t.id,
      userId: t.userId,
      roleId: schema.users.roleId,
      calendarKeyId: t.calendarKeyId,
      keyName: k.name,
      lastUsedAt: t.lastUsedAt,
    })
    .from(t)
    .innerJoin(schema.users, eq(schema.users.id, t.userId))
    .leftJoin(k, eq(k.id, t.calendarKeyId))
    .where(and(eq(t.tokenHash, tokenHash), isNull(t.revokedAt), eq(schema.users.status, "active")))
    .limit(1);
  return row ?? null;
}

/** Active events for a feed: recurring series still alive and normal events since `since`. */
export async function listFeedEvents({ keyId, since }: { keyId: number | null; since: Date }) {
  const db = await getDb();
  const where: SQL[] = [
    eq(e.status, "active"),
    sql`(${e.occursUntil} is null or ${e.occursUntil} >= ${since.toISOString()}::timestamptz)`,
  ];
  if (keyId) where.push(eq(e.calendarKeyId, keyId));
  const rows = await eventsWithKey(db, {
    id: e.id,
    title: e.title,
    description: e.description,
    keyName: k.name,
    contactPerson: e.contactPerson,
    contactEmail: e.contactEmail,
    contactNumber: e.contactNumber,
    updatedAt: e.updatedAt,
  })
    .where(and(...where))
    .orderBy(asc(e.id));
  return rows.map((r) => ({ ...r, series: seriesOf(r) }));
}
