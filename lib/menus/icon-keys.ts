/**
 * The icon keys an administrator can give a menu: the seed fills the icons table with them, the menu
 * editor offers them and the sprite (components/ui/icon-names.ts) draws each of them.
 */
export const MENU_ICON_KEYS = [
  "home",
  "chat",
  "folder",
  "calendar",
  "link",
  "megaphone",
  "wrench",
  "car",
  "users",
  "star",
  "book",
  "shield",
] as const;
