import { MENU_ICON_KEYS } from "@/lib/menus/icon-keys";

/**
 * The keys of the portal's icons (their paths are in ./icon-set.ts, served as the sprite). Kept apart
 * from the paths, and the sprite's version (ICON_SPRITE_VERSION, ./icon.tsx) from the names, so a page's
 * bundle carries neither: it draws icons with <use> references to the cached sprite.
 */
export const ICON_NAMES = [
  ...MENU_ICON_KEYS,
  "file",
  "menu",
  "close",
  "chevron-down",
  "chevron-right",
  "external",
  "logout",
  "list",
  "user",
  "key",
  "layers",
  "lightbulb",
  "shirt",
  "mail",
  "lock",
  "compass",
  "refresh",
  "pin",
  "edit",
  "trash",
  "grid",
  "search",
  "chevron-left",
  "back",
  "eye",
  "eye-off",
  "trash-can",
  "upload",
  "document",
  "grip",
  "spinner",
  "circle-check",
  "circle-alert",
  "file-img",
  "file-doc",
  "file-xls",
  "file-ppt",
  "file-pdf",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * Whether a key (a menu's icon from the database) is one the sprite draws. Checked on the server where
 * menus are read (shell-utils.ts toSidebarItems); the browser's code takes IconName as given, so the
 * list of names stays out of its bundle.
 */
export function isIconName(name: string | null | undefined): name is IconName {
  return !!name && (ICON_NAMES as readonly string[]).includes(name);
}
