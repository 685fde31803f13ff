import type { IconName } from "./icon-names";

/**
 * The portal's icons (24x24, drawn with strokes in currentColor), as SVG markup by key. They are served
 * once as a sprite (app/icons.svg/route.ts, cached by the browser) and drawn with <use>, so a page with
 * 50 menu rows carries 50 short references instead of 50 copies of the paths (components/ui/icon.tsx).
 * Menu icons are stored by key in `icons.url`. Server-only in practice: the browser needs only
 * ./icon-names.ts.
 */
const FILE_PAGE = '<path d="M6 3h8l4 4v14H6z"/><path d="M14 3v4h4"/>';
const fileLabel = (text: string) =>
  `<text x="12" y="17" text-anchor="middle" font-size="4.6" font-weight="700" fill="currentColor" stroke="none">${text}</text>`;

export const ICON_SVG = {
  // Keys offered for menus (MENU_ICON_KEYS, lib/menus/icon-keys.ts)
  home: '<path d="M3 10.5 12 3l9 7.5"/><path d="M5 9v11a1 1 0 0 0 1 1h4v-6h4v6h4a1 1 0 0 0 1-1V9"/>',
  chat: '<path d="M21 11.5a8.5 8.5 0 0 1-12.4 7.6L3 20.5l1.4-5A8.5 8.5 0 1 1 21 11.5z"/>',
  folder: '<path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  megaphone:
    '<path d="M3 10v4a1 1 0 0 0 1 1h3l9 5V4L7 9H4a1 1 0 0 0-1 1z"/><path d="M19.5 9a3.5 3.5 0 0 1 0 6M7 15l1.5 5.5"/>',
  wrench:
    '<path d="M15 3.5a5.5 5.5 0 0 0-5 7.6l-6.4 6.4a2 2 0 0 0 2.9 2.9l6.4-6.4A5.5 5.5 0 0 0 20.5 9l-3.2 1.1-2.6-2.6L15.8 4.3A5.6 5.6 0 0 0 15 3.5z"/>',
  car: '<path d="M5 17H4a1 1 0 0 1-1-1v-3.5l2-5.2A2 2 0 0 1 6.9 6h10.2a2 2 0 0 1 1.9 1.3l2 5.2V16a1 1 0 0 1-1 1h-1"/><path d="M3 12.5h18M9.5 17h5"/><circle cx="7.5" cy="17" r="2"/><circle cx="16.5" cy="17" r="2"/>',
  users:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.6a3.5 3.5 0 0 1 0 6.8M18.5 14a6.5 6.5 0 0 1 3 6"/>',
  star: '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z"/>',
  book: '<path d="M4 19.5v-14A2.5 2.5 0 0 1 6.5 3H20v14H6.5A2.5 2.5 0 0 0 4 19.5 2.5 2.5 0 0 0 6.5 22H20v-5"/><path d="M8 7.5h8"/>',
  shield: '<path d="M12 3 4 6v6c0 4.6 3.4 8 8 9 4.6-1 8-4.4 8-9V6z"/><path d="m9 12 2 2 4-4"/>',
  // Interface icons
  file: '<path d="M6 3h8l5 5v12a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z"/><path d="M14 3v5h5"/>',
  menu: '<path d="M4 6h16M4 12h16M4 18h16"/>',
  close: '<path d="M6 6l12 12M18 6 6 18"/>',
  "chevron-down": '<path d="m6 9 6 6 6-6"/>',
  "chevron-right": '<path d="m9 6 6 6-6 6"/>',
  external: '<path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"/>',
  logout: '<path d="M9 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3M16 17l5-5-5-5M21 12H9"/>',
  list: '<path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  key: '<circle cx="8" cy="15" r="4.5"/><path d="m11.2 11.8 8.8-8.8M16.5 6.5l3 3M14 9l2 2"/>',
  layers: '<path d="m12 3 9 5-9 5-9-5zM3 12.5l9 5 9-5M3 16.5l9 5 9-5"/>',
  lightbulb:
    '<path d="M9 18h6M10 21.5h4"/><path d="M12 2.5a6.5 6.5 0 0 0-3.8 11.8c.5.4.8 1 .8 1.7v.5h6V16c0-.7.3-1.3.8-1.7A6.5 6.5 0 0 0 12 2.5z"/>',
  shirt: '<path d="M8.5 3 3 6l2 5 3-1.2V21h8V9.8l3 1.2 2-5-5.5-3a3.5 3.5 0 0 1-7 0z"/>',
  mail: '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3.5 6.5 8.5 6.5 8.5-6.5"/>',
  lock: '<rect x="4.5" y="10.5" width="15" height="11" rx="2"/><path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 15v2.5"/>',
  compass: '<circle cx="12" cy="12" r="9"/><path d="m15.5 8.5-2 5-5 2 2-5z"/>',
  refresh: '<path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4"/>',
  // Content pages (lists, toolbar, gallery)
  pin: '<path d="M9 4h6l-1 6 3 3v2H7v-2l3-3z"/><path d="M12 15v6"/>',
  edit: '<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="m13.5 6.5 4 4"/>',
  trash: '<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>',
  grid: '<rect x="4" y="4" width="7" height="7" rx="1"/><rect x="13" y="4" width="7" height="7" rx="1"/><rect x="4" y="13" width="7" height="7" rx="1"/><rect x="13" y="13" width="7" height="7" rx="1"/>',
  search: '<circle cx="11" cy="11" r="6.5"/><path d="m20 20-4.2-4.2"/>',
  "chevron-left": '<path d="m15 6-6 6 6 6"/>',
  back: '<path d="M19 12H5M11 6l-6 6 6 6"/>',
  // Controls (banner editor, dropzone, sortable lists, busy buttons)
  eye: '<path d="M2.04 12.32a1 1 0 010-.64C3.42 7.51 7.36 4.5 12 4.5s8.57 3 9.96 7.18a1 1 0 010 .64C20.58 16.49 16.64 19.5 12 19.5s-8.57-3-9.96-7.18z"/><circle cx="12" cy="12" r="3"/>',
  "eye-off":
    '<path d="M3.98 8.22A10.48 10.48 0 002.04 12.3c1.4 4.2 5.33 7.2 9.96 7.2 1.7 0 3.3-.4 4.72-1.12M6.23 6.23A10.45 10.45 0 0112 4.5c4.64 0 8.57 3 9.96 7.2a10.5 10.5 0 01-4.29 5.57M6.23 6.23L3 3m3.23 3.23l3.65 3.65m7.89 7.89L21 21m-3.23-3.23l-3.65-3.65a3 3 0 10-4.24-4.24m4.24 4.24L9.88 9.88"/>',
  "trash-can":
    '<path d="M14.74 9l-.35 9m-4.78 0L9.26 9m9.97-3.21c.34.05.68.1 1.02.16m-1.02-.16L18.16 19.67A2.25 2.25 0 0115.92 21.75H8.08a2.25 2.25 0 01-2.24-2.08L4.77 5.79m14.46 0a48.1 48.1 0 00-3.48-.4m-12 .56c.34-.06.68-.11 1.02-.16m0 0a48.1 48.1 0 013.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a51.96 51.96 0 00-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.67 48.67 0 00-7.5 0"/>',
  upload:
    '<path stroke-width="1.5" d="M3 16.5v2.25A2.25 2.25 0 005.25 21h13.5A2.25 2.25 0 0021 18.75V16.5m-13.5-9L12 3m0 0l4.5 4.5M12 3v13.5"/>',
  document:
    '<path stroke-width="1.5" d="M19.5 14.25v-2.625a3.375 3.375 0 00-3.375-3.375h-1.5A1.125 1.125 0 0113.5 7.125v-1.5a3.375 3.375 0 00-3.375-3.375H8.25m2.25 0H5.625c-.621 0-1.125.504-1.125 1.125v17.25c0 .621.504 1.125 1.125 1.125h12.75c.621 0 1.125-.504 1.125-1.125V11.25a9 9 0 00-9-9z"/>',
  grip: '<g fill="currentColor" stroke="none"><circle cx="8.4" cy="4.8" r="1.8"/><circle cx="15.6" cy="4.8" r="1.8"/><circle cx="8.4" cy="12" r="1.8"/><circle cx="15.6" cy="12" r="1.8"/><circle cx="8.4" cy="19.2" r="1.8"/><circle cx="15.6" cy="19.2" r="1.8"/></g>',
  spinner:
    '<circle cx="12" cy="12" r="10" stroke-width="4" opacity="0.25"/><path d="M4 12a8 8 0 018-8" stroke-width="4"/>',
  // Toasts (components/ui/toast.tsx): solid 20x20 glyphs, scaled into the 24x24 box
  "circle-check":
    '<path fill="currentColor" stroke="none" fill-rule="evenodd" clip-rule="evenodd" transform="scale(1.2)" d="M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z"/>',
  "circle-alert":
    '<path fill="currentColor" stroke="none" fill-rule="evenodd" clip-rule="evenodd" transform="scale(1.2)" d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z"/>',
  // File types: a page with its kind written on it (FILE_ICONS in icon.tsx)
  "file-img": FILE_PAGE + fileLabel("IMG"),
  "file-doc": FILE_PAGE + fileLabel("DOC"),
  "file-xls": FILE_PAGE + fileLabel("XLS"),
  "file-ppt": FILE_PAGE + fileLabel("PPT"),
  "file-pdf": FILE_PAGE + fileLabel("PDF"),
} as const satisfies Record<IconName, string>;

/** The sprite document: one <symbol> per icon. The stroke style comes from `.icon` (app/globals.css). */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_SVG)
    .map(([name, body]) => `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}

/** FNV-1a over the sprite: short and stable across builds (ICON_SPRITE_VERSION must equal it). */
export function spriteVersion(): string {
  let h = 0x811c9dc5;
  for (const ch of iconSprite()) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}
