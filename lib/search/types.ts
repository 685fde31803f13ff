import type { Segment } from "./highlight";

/** The kinds of things the portal search finds, in the order the groups are shown. */
export const SEARCH_KINDS = ["page", "post", "attachment", "save-the-date", "event", "person", "form"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const KIND_LABELS: Record<SearchKind, string> = {
  page: "Menu pages",
  post: "Discussions",
  attachment: "Attachments",
  "save-the-date": "Save the date",
  event: "Calendar events",
  person: "People",
  form: "Staff forms",
};

/** Where the words were found: shown on the result ('in a comment', 'inside report.pdf'). */
export type MatchSource = "title" | "text" | "comment" | "file-name" | "document";

export type SearchResult = {
  kind: SearchKind;
  id: number;
  /** The title with the matched words marked. */
  title: Segment[];
  /** A short passage with the matched words marked (empty when only the title matched and there is no text). */
  snippet: Segment[];
  /** Where the result opens. External only for a menu that is a link. */
  href: string;
  external?: boolean;
  /** A line of context: the menu page, the event's date, the person's position and location, the form. */
  context: string;
  /** ISO date-time (or YYYY-MM-DD for a save-the-date entry) the result is dated by, if any. */
  date: string | null;
  source: MatchSource;
  /** The file the words were found in, for `file-name` and `document`. */
  documentName?: string;
};

export type KindPage = { kind: SearchKind; results: SearchResult[]; total: number; totalCapped: boolean };
