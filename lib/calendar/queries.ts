import "server-only";
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema } from "@/lib/db";
import { expandOccurrences, firstOccurrence, nextOccurrence, type Occurrence, type SeriesInput } from "./recurrence";
import type { EventStatus, EventType, RecurrenceType } from "./constants";
import { cachedWindow } from "./cache";
import { filesOfEvents, type AttachmentFile } from "./attachments";

const e = schema.calendarEvents;
const k = schema.calendarKeys;

export type CalendarKeyRow = { id: number; name: string; colorCode: string; status: "active" | "inactive" };

/** Calendar keys by name; `status` filters (get_meeting_list sends status=active), `id` picks one. */
export async function listCalendarKeys({ status, id }: { status?: "active" | "inactive"; id?: number } = {}): Promise<CalendarKeyRow[]> {
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
  dayOfWeek: number | null;
  timeZone: string;
  occurrence: Occurrence;
};

const seriesColumns = {
  type: e.type,
  recurrence: e.recurrence,
  dayOfWeek: e.dayOfWeek,
  startsAt: e.startsAt,
  endsAt: e.endsAt,
  timeZone: e.timeZone,
};

function seriesOf(r: { type: EventType; recurrence: RecurrenceType | null; dayOfWeek: number | null; startsAt: Date | null; endsAt: Date | null; timeZone: string }): SeriesInput {
  return { type: r.type, recurrence: r.recurrence, dayOfWeek: r.dayOfWeek, startsAt: r.startsAt, endsAt: r.endsAt, timeZone: r.timeZone };
}

type WindowRow = {
  id: number;
  title: string;
  keyId: number;
  status: EventStatus;
  type: EventType;
  recurrence: RecurrenceType | null;
  dayOfWeek: number | null;
  startsAt: string | null;
  endsAt: string | null;
  timeZone: string;
};

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * Every occurrence in [start, end): the GiST index on the events' occurrence span finds the rows
 * (normal events in the window and the recurring series alive in it), then series are expanded from
 * the window. Inactive events only for roles that see event status. The rows come back as one JSON
 * value (the embedded database pays per row returned, not per byte) and keys are joined in memory.
 */
export async function listOccurrences({
  start,
  end,
  includeInactive,
  keyId,
}: {
  start: Date;
  end: Date;
  includeInactive: boolean;
  keyId?: number;
}): Promise<OccurrenceRow[]> {
  const cacheKey = `${start.getTime()}|${end.getTime()}|${includeInactive ? 1 : 0}|${keyId ?? 0}`;
  const [expanded, keys] = await Promise.all([cachedWindow(cacheKey, () => expandWindow({ start, end, includeInactive, keyId })), listKeysById()]);
  // Keys are joined after the cache: renaming or recolouring a key shows at once.
  return expanded.map((o) => {
    const key = keys.get(o.keyId);
    return { ...o, keyName: key?.name ?? "", color: key?.colorCode ?? "#444444" };
  });
}

type ExpandedRow = Omit<OccurrenceRow, "keyName" | "color">;

async function expandWindow({ start, end, includeInactive, keyId }: { start: Date; end: Date; includeInactive: boolean; keyId?: number }): Promise<ExpandedRow[]> {
  const db = await getDb();
  const where: SQL[] = [
    sql`tstzrange(${e.occursFrom}, ${e.occursUntil}, '[]') && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
  ];
  if (!includeInactive) where.push(sql`${e.status} = 'active'`);
  if (keyId) where.push(sql`${e.calendarKeyId} = ${keyId}`);
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_object(
      'id', ${e.id}, 'title', ${e.title}, 'keyId', ${e.calendarKeyId}, 'status', ${e.status}, 'type', ${e.type},
      'recurrence', ${e.recurrence}, 'dayOfWeek', ${e.dayOfWeek},
      'startsAt', to_char(${e.startsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'endsAt', to_char(${e.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'timeZone', ${e.timeZone}))::text, '[]') as rows
    from ${e} where ${and(...where)}`);
  const rows = JSON.parse(rowsOf<{ rows: string }>(result)[0]?.rows ?? "[]") as WindowRow[];
  const out: ExpandedRow[] = [];
  const window = { start, end };
  for (const r of rows) {
    const series: SeriesInput = {
      type: r.type,
      recurrence: r.recurrence,
      dayOfWeek: r.dayOfWeek,
      startsAt: r.startsAt ? new Date(r.startsAt) : null,
      endsAt: r.endsAt ? new Date(r.endsAt) : null,
      timeZone: r.timeZone,
    };
    for (const occurrence of expandOccurrences(series, window)) {
      out.push({ eventId: r.id, title: r.title, keyId: r.keyId, status: r.status, type: r.type, recurrence: r.recurrence, dayOfWeek: r.dayOfWeek, timeZone: r.timeZone, occurrence });
    }
  }
  out.sort((a, b) => a.occurrence.start.getTime() - b.occurrence.start.getTime() || a.eventId - b.eventId);
  return out;
}

/** Every key (active or not) by id: few rows, read with each window. */
async function listKeysById(): Promise<Map<number, CalendarKeyRow>> {
  const keys = await listCalendarKeys();
  return new Map(keys.map((key) => [key.id, key]));
}

/** `%` and `_` are literal in the user's search text. */
function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Events whose title or description contains `q` (case-insensitive; the trigram indexes serve it),
 * each once, with the occurrence to show: the next one from now, or the last one of a finished event.
 */
export async function searchEvents({ q, includeInactive, limit = 100 }: { q: string; includeInactive: boolean; limit?: number }): Promise<OccurrenceRow[]> {
  const db = await getDb();
  const pattern = likePattern(q);
  const where: SQL[] = [or(ilike(e.title, pattern), ilike(e.description, pattern))!];
  if (!includeInactive) where.push(eq(e.status, "active"));
  const rows = await db
    .select({ id: e.id, title: e.title, keyId: e.calendarKeyId, keyName: k.name, color: k.colorCode, status: e.status, ...seriesColumns })
    .from(e)
    .innerJoin(k, eq(k.id, e.calendarKeyId))
    .where(and(...where))
    .orderBy(desc(e.occursUntil), desc(e.id))
    .limit(limit);
  const now = new Date();
  const out: OccurrenceRow[] = [];
  for (const r of rows) {
    const s = seriesOf(r);
    const occurrence = nextOccurrence(s, now) ?? firstOccurrence(s);
    if (!occurrence) continue;
    out.push({ eventId: r.id, title: r.title, keyId: r.keyId, keyName: r.keyName, color: r.color, status: r.status, type: r.type, recurrence: r.recurrence, dayOfWeek: r.dayOfWeek, timeZone: r.timeZone, occurrence });
  }
  out.sort((a, b) => a.occurrence.start.getTime() - b.occurrence.start.getTime() || a.eventId - b.eventId);
  return out;
}

export type EventDetail = {
  id: number;
  title: string;
  description: string;
  keyDescription: string;
  keyId: number;
  keyName: string;
  color: string;
  status: EventStatus;
  type: EventType;
  recurrence: RecurrenceType | null;
  dayOfWeek: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string;
  contactPerson: string;
  contactEmail: string;
  contactNumber: string;
  createdByName: string | null;
  updatedByName: string | null;
  createdAt: Date;
  updatedAt: Date;
  first: Occurrence | null;
  attachments: AttachmentFile[];
};

const creator = alias(schema.users, "creator");
const updater = alias(schema.users, "updater");

/** One event with its key, authors and attachments; inactive ones only when `includeInactive`. */
export async function getEventById({ id, includeInactive }: { id: number; includeInactive: boolean }): Promise<EventDetail | null> {
  const db = await getDb();
  const [r] = await db
    .select({
      id: e.id,
      title: e.title,
      description: e.description,
      keyDescription: e.keyDescription,
      keyId: e.calendarKeyId,
      keyName: k.name,
      color: k.colorCode,
      status: e.status,
      contactPerson: e.contactPerson,
      contactEmail: e.contactEmail,
      contactNumber: e.contactNumber,
      createdAt: e.createdAt,
      updatedAt: e.updatedAt,
      createdByName: sql<string | null>`nullif(trim(${creator.firstName} || ' ' || ${creator.lastName}), '')`,
      updatedByName: sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`,
      ...seriesColumns,
    })
    .from(e)
    .innerJoin(k, eq(k.id, e.calendarKeyId))
    .leftJoin(creator, eq(creator.id, e.createdBy))
    .leftJoin(updater, eq(updater.id, e.updatedBy))
    .where(and(eq(e.id, id), includeInactive ? undefined : eq(e.status, "active")))
    .limit(1);
  if (!r) return null;
  const attachments = await filesOfEvents([id]);
  return { ...r, first: firstOccurrence(seriesOf(r)), attachments };
}

export type FeedTokenRow = { id: number; calendarKeyId: number | null; keyName: string | null; createdAt: Date; lastUsedAt: Date | null };

/** A user's live (not revoked) subscription links. */
export async function listFeedTokens({ userId }: { userId: number }): Promise<FeedTokenRow[]> {
  const db = await getDb();
  const t = schema.calendarFeedTokens;
  return db
    .select({ id: t.id, calendarKeyId: t.calendarKeyId, keyName: k.name, createdAt: t.createdAt, lastUsedAt: t.lastUsedAt })
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
    .select({ id: t.id, userId: t.userId, roleId: schema.users.roleId, calendarKeyId: t.calendarKeyId, keyName: k.name, lastUsedAt: t.lastUsedAt })
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
  const where: SQL[] = [eq(e.status, "active"), sql`(${e.occursUntil} is null or ${e.occursUntil} >= ${since.toISOString()}::timestamptz)`];
  if (keyId) where.push(eq(e.calendarKeyId, keyId));
  const rows = await db
    .select({
      id: e.id,
      title: e.title,
      description: e.description,
      keyName: k.name,
      contactPerson: e.contactPerson,
      contactEmail: e.contactEmail,
      contactNumber: e.contactNumber,
      updatedAt: e.updatedAt,
      ...seriesColumns,
    })
    .from(e)
    .innerJoin(k, eq(k.id, e.calendarKeyId))
    .where(and(...where))
    .orderBy(asc(e.id));
  return rows.map((r) => ({ ...r, series: seriesOf(r) }));
}

/** Ids among `ids` that exist (delete reports the missing ones). */
export async function existingEventIds({ ids }: { ids: number[] }): Promise<number[]> {
  if (ids.length === 0) return [];
  const db = await getDb();
  const rows = await db.select({ id: e.id }).from(e).where(inArray(e.id, ids));
  return rows.map((r) => r.id);
}
