/** Calendar enums and limits shared by the Drizzle schema, the zod schemas and the client. */
export const KEY_STATUSES = ["active", "inactive"] as const;
export const EVENT_STATUSES = ["active", "inactive"] as const;
export const EVENT_TYPES = ["normal", "recursive"] as const;
/** The old portal's recursive_type; yearly is labelled 'Annual'. */
export const RECURRENCES = ["weekly", "monthly", "yearly"] as const;

export type EventStatus = (typeof EVENT_STATUSES)[number];
export type KeyStatus = (typeof KEY_STATUSES)[number];
export type EventType = (typeof EVENT_TYPES)[number];
export type RecurrenceType = (typeof RECURRENCES)[number];

export const RECURRENCE_LABELS: Record<RecurrenceType, string> = {
  weekly: "Weekly",
  monthly: "Monthly",
  yearly: "Annual",
};
/** 1 Monday .. 7 Sunday. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export const TITLE_MAX = 190;
export const CONTACT_EMAIL_MAX = 49;
export const CONTACT_NUMBER_MIN_DIGITS = 6;
export const CONTACT_NUMBER_MAX_DIGITS = 18;
export const ATTACHMENT_MAX_BYTES = 250 * 1024 * 1024;
export const DEFAULT_KEY_COLOR = "#444444";
/** The longest window getevents answers (a year view plus the grid's spill-over days). */
export const MAX_WINDOW_DAYS = 400;
