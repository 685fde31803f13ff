/**
 * Page type 3 is the calendar page (the calendar issue renders it). Until that lands the page shows
 * only its title and sub-menus.
 */
export function CalendarSlot(_props: { slug: string; menuId: number }) {
  return null;
}
