/** The menu's items, in order. */
export function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Focuses the menu's item at `index`, wrapping around (-1 is the last). */
export function focusMenuItem(menu: HTMLElement | null, index: number) {
  const list = menuItems(menu);
  if (list.length) list[(index + list.length) % list.length].focus();
}
