/**
 * The content constants and helpers that run in the browser on every menu page (tabs, sorts, cut
 * titles, gallery images, month names). Kept apart from ./constants (form messages, limits, URL and
 * date checks, which only the server and the admin forms need) so the page ships only these.
 */

export const SEARCH_MAX = 100;

export const GALLERY_EXTENSIONS = ["gif", "jpg", "jpeg", "png"] as const;

export const CONTENT_TABS = ["discussion", "attachment", "save-the-date"] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

/** Newest/Oldest sort by a post's publish moment (attachments, dates: their last update); A-to-Z/Z-to-A by title (docs/decisions.md). */
export const SORTS = ["newest", "oldest", "a-z", "z-a"] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  newest: "Newest First",
  oldest: "Oldest First",
  "a-z": "A-to-Z",
  "z-a": "Z-to-A",
};

/** Save-the-date and the group child view offer Newest and Oldest only. */
export const DATE_SORTS = ["newest", "oldest"] as const satisfies readonly Sort[];

/** Cuts to `max` characters with an ellipsis (document names 5, attachment titles 60 / 20 in grid). */
export function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

export function isGalleryImage(extension: string): boolean {
  return (GALLERY_EXTENSIONS as readonly string[]).includes(extension.toLowerCase());
}
