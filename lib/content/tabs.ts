import type { ContentTab } from "./basics";

export const TAB_LABELS: Record<ContentTab, string> = {
  discussion: "Discussion",
  attachment: "Attachment",
  "save-the-date": "Save the Date",
};

/** The role-1 action button of each tab. */
export const TAB_ACTIONS: Record<ContentTab, { label: string; path: string }> = {
  discussion: { label: "Add New Post", path: "discussion/add" },
  attachment: { label: "Add New Attachment", path: "attachment/add" },
  "save-the-date": { label: "Add New Date", path: "event/add" },
};

/**
 * The tabs a menu page offers: page type 1 a Discussion tab, 2 an Attachment tab, and a Save-the-date
 * tab on every page that is not the calendar page (type 3, which has no content tabs).
 */
export function tabsOf(pageTypes: readonly number[]): ContentTab[] {
  if (pageTypes.includes(3)) return [];
  const tabs: ContentTab[] = [];
  if (pageTypes.includes(1)) tabs.push("discussion");
  if (pageTypes.includes(2)) tabs.push("attachment");
  tabs.push("save-the-date");
  return tabs;
}

export function isCalendarPage(pageTypes: readonly number[]): boolean {
  return pageTypes.includes(3);
}
