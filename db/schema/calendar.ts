import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { cascadingRef, timestamps } from "./_common";
import { users } from "./users";
import { files } from "./files";
import { menus } from "./menus";
import {
  DEFAULT_KEY_COLOR,
  EVENT_STATUSES,
  EVENT_TYPES,
  KEY_STATUSES,
  RECURRENCES,
} from "../../lib/calendar/constants";
import { PORTAL_TIME_ZONE } from "../../lib/dates/zone";

export const calendarKeyStatus = pgEnum("calendar_key_status", KEY_STATUSES);
export const calendarEventStatus = pgEnum("calendar_event_status", EVENT_STATUSES);
export const calendarEventType = pgEnum("calendar_event_type", EVENT_TYPES);
/** The old portal's `recursive_type`; yearly is labelled 'Annual' in the form. */
export const calendarRecurrence = pgEnum("calendar_recurrence", RECURRENCES);

/** Calendar colour keys (the old portal's "meeting keys"): the legend and the event's category. */
export const calendarKeys = pgTable(
  "calendar_keys",
  {
    id: serial().primaryKey(),
    name: varchar({ length: 190 }).notNull(),
    /** `#rrggbb` or `#rrggbbaa`; the old portal's default colour is #444444. */
    colorCode: varchar({ length: 9 }).notNull().default(DEFAULT_KEY_COLOR),
    status: calendarKeyStatus().notNull().default("active"),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  // Two keys of one name (in any letter case) would be two legend entries nobody can tell apart.
  (t) => [index().on(t.status, t.name), uniqueIndex("calendar_keys_name_lower_key").on(sql`lower(${t.name})`)],
);

/**
 * One row per event or recurring series. Occurrences of a series are computed for the requested
 * window (lib/calendar/recurrence.ts), never stored.
 *
 * - normal: `startsAt` .. `endsAt` (end optional: a point in time).
 * - recursive: `startsAt` .. `endsAt` is the first occurrence (its date and local times of day; the
 *   end's time of day ends every occurrence); `repeatUntil` is the last date an occurrence may fall on
 *   (null: no end). Weekly series repeat on `daysOfWeek` every `repeatInterval` weeks. Every series has
 *   a start (migration 0020 gave the old undated weekly rows their creation date).
 * - `timeZone` is the IANA zone the local times belong to, so daylight-saving changes keep 10:00 at 10:00.
 * - `occursFrom` / `occursUntil` bound every occurrence (null = unbounded); written by the code on every
 *   save and GiST-indexed so a month window finds its rows without reading the table: one partial index
 *   over normal events (a window meets a few hundred of them) and one over recurring series (a window
 *   meets every live series), so neither kind's rows crowd the other's scan.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial().primaryKey(),
    title: varchar({ length: 190 }).notNull(),
    calendarKeyId: integer()
      .notNull()
      .references(() => calendarKeys.id, { onDelete: "restrict" }),
    keyDescription: text().notNull().default(""),
    description: text().notNull().default(""),
    status: calendarEventStatus().notNull().default("active"),
    type: calendarEventType().notNull().default("normal"),
    recurrence: calendarRecurrence(),
    /** Weekly series: the weekdays, 1 Monday .. 7 Sunday. */
    daysOfWeek: smallint().array(),
    /** Weekly series: every N weeks. */
    repeatInterval: smallint().notNull().default(1),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Recurring series: the last date (in `timeZone`) an occurrence may fall on; null = no end. */
    repeatUntil: date({ mode: "string" }),
    timeZone: varchar({ length: 64 }).notNull().default(PORTAL_TIME_ZONE),
    occursFrom: timestamp({ withTimezone: true }),
    occursUntil: timestamp({ withTimezone: true }),
    contactPerson: varchar({ length: 190 }).notNull().default(""),
    contactEmail: varchar({ length: 49 }).notNull().default(""),
    contactNumber: varchar({ length: 32 }).notNull().default(""),
    createdBy: integer().references(() => users.id, { onDelete: "set null" }),
    updatedBy: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("calendar_events_normal_span_idx")
      .using("gist", sql`tstzrange(${t.occursFrom}, ${t.occursUntil}, '[]')`)
      .where(sql`${t.type} = 'normal'`),
    index("calendar_events_series_span_idx")
      .using("gist", sql`tstzrange(${t.occursFrom}, ${t.occursUntil}, '[]')`)
      .where(sql`${t.type} = 'recursive'`),
    index().on(t.calendarKeyId),
    index().on(t.type, t.status),
    index("calendar_events_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("calendar_events_description_trgm_idx").using("gin", sql`${t.description} gin_trgm_ops`),
    check(
      "calendar_events_days_of_week_check",
      sql`${t.daysOfWeek} is null or (cardinality(${t.daysOfWeek}) between 1 and 7 and ${t.daysOfWeek} <@ '{1,2,3,4,5,6,7}'::smallint[])`,
    ),
    check("calendar_events_repeat_interval_check", sql`${t.repeatInterval} between 1 and 52`),
    check(
      "calendar_events_dates_check",
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} >= ${t.startsAt}`,
    ),
    check(
      "calendar_events_recurrence_check",
      sql`${t.startsAt} is not null and (${t.type} = 'normal' or (${t.recurrence} is not null and (${t.recurrence} <> 'weekly' or ${t.daysOfWeek} is not null)))`,
    ),
  ],
);

/** Files attached to an event, in display order (rows of the files issue's `files` table). */
export const calendarEventAttachments = pgTable(
  "calendar_event_attachments",
  {
    id: serial().primaryKey(),
    eventId: cascadingRef(() => calendarEvents.id),
    fileId: cascadingRef(() => files.id),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index().on(t.eventId, t.position), index().on(t.fileId)],
);

/**
 * Private ICS subscription links: one per user and choice of key (null = all keys). Only a sha256 of
 * the secret is stored; a revoked link answers 404.
 */
export const calendarFeedTokens = pgTable(
  "calendar_feed_tokens",
  {
    id: serial().primaryKey(),
    userId: cascadingRef(() => users.id),
    calendarKeyId: integer().references(() => calendarKeys.id, { onDelete: "cascade" }),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

/**
 * The calendar keys a calendar menu page shows (an administrator chooses them on the page). A menu
 * without rows shows every key.
 */
export const menuCalendarKeys = pgTable(
  "menu_calendar_keys",
  {
    menuId: cascadingRef(() => menus.id),
    calendarKeyId: cascadingRef(() => calendarKeys.id),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.menuId, t.calendarKeyId] }), index().on(t.calendarKeyId)],
);
