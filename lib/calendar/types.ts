import type { EventStatus, EventType, KeyStatus, RecurrenceType } from "./constants";

/**
 * What the v1 calendar calls answer (the old portal's names plus ISO instants), shared by the route
 * handlers and the browser components. Legacy `start_date` etc. are local to the caller's
 * `offset_minutes`; `start`/`end` are absolute; all-day occurrences also carry `start_day`/`end_day`
 * (exclusive) dates.
 */
export type ApiCalendarKey = {
  value: number;
  text: string;
  color_code: string;
  color_code_obj: { hex: string; hex8: string };
  status: "active" | "inactive";
  is_view: boolean;
};

export type ApiOccurrence = {
  id: number;
  occurrence_id: string;
  title: string;
  meeting_id: number;
  mm_title: string;
  color_code: string;
  status: EventStatus;
  type: EventType;
  recursive_type: RecurrenceType | null;
  day_of_week: number | null;
  all_day: boolean;
  start: string;
  end: string;
  start_day: string | null;
  end_day: string | null;
  start_date: string;
  end_date: string;
  start_date_time: string;
  eventdate: string;
  eventtime: string;
};

/**
 * The portal's own calendar shapes (its screens' reads: app/api/calendar/events and the page's props),
 * in the code's names; the v1 shapes above are only for the v1 calls.
 */
export type CalendarKey = { id: number; name: string; colorCode: string; status: KeyStatus };

/** One occurrence as the portal's calendar draws it; `startDay`/`endDay` (exclusive) for all-day ones. */
export type CalendarItem = {
  id: number;
  /** `{eventId}-{startMs}`: unique per occurrence. */
  occurrenceId: string;
  title: string;
  keyId: number;
  keyName: string;
  colorCode: string;
  status: EventStatus;
  type: EventType;
  allDay: boolean;
  start: string;
  end: string;
  startDay: string | null;
  endDay: string | null;
};

/** What the calendar's read answers: the occurrences and the keys of the page's legend. */
export type CalendarContent = { events: CalendarItem[]; keys: CalendarKey[] };

export type ApiAttachment = {
  id: number;
  /** A short-lived download link. */
  url: string;
  /** Pictures: a same-origin preview link for <img>; null for other files. */
  thumb_url: string | null;
  document_path: string;
  document_name: string;
  doc_extension: string;
  file_type: string;
  size: number;
};

export type ApiEventDetail = ApiOccurrence & {
  description: string;
  key_description: string;
  contact_person: string;
  contact_email: string;
  contact_number: string;
  time_zone: string;
  /**
   * The event's own start and end (the form edits these), absolute; for a series its first occurrence,
   * whose end's time of day ends every occurrence. `start`/`end` above are the occurrence shown: a
   * series' next one.
   */
  starts_at: string | null;
  ends_at: string | null;
  /** Weekly series: the weekdays (1 Monday .. 7 Sunday) and every how many weeks. */
  days_of_week: number[] | null;
  repeat_interval: number;
  /** Series: the last date an occurrence may fall on (YYYY-MM-DD in `time_zone`), or null. */
  repeat_until: string | null;
  created_by: string | null;
  updated_by: string | null;
  updated_at: string;
  attachments: ApiAttachment[];
};
