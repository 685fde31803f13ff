import { ICON_SVG } from "./icon-set";

/**
 * Icons drawn from the sprite (/icons.svg, built from ./icon-set.ts): each icon on a page is one short
 * <use> reference, and the paths travel once, cached by the browser. An unknown key (a menu whose icon
 * was renamed) draws the fallback. Decorative by default (aria-hidden); pass `label` when the icon is
 * the only content of a control.
 */
export type IconName = keyof typeof ICON_SVG;

/** The icon keys an administrator can give a menu. */
export const MENU_ICON_KEYS = ["home", "chat", "folder", "calendar", "link", "megaphone", "wrench", "car", "users", "star", "book", "shield"] as const;

export function isIconName(name: string | null | undefined): name is IconName {
  return !!name && Object.hasOwn(ICON_SVG, name);
}

/** The sprite's URL; its version changes whenever an icon does, so browsers may cache it for good. */
export const ICON_SPRITE_URL = `/icons.svg?v=${spriteVersion()}`;

/** The sprite document: one <symbol> per icon. The stroke style comes from `.icon` (app/globals.css). */
export function iconSprite(): string {
  const symbols = Object.entries(ICON_SVG)
    .map(([name, body]) => `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols}</svg>`;
}

function spriteVersion(): string {
  // FNV-1a over the sprite: short, stable across builds and processes, no crypto import in the browser.
  let h = 0x811c9dc5;
  for (const ch of iconSprite()) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(36);
}

type IconProps = { name: string | null | undefined; className?: string; label?: string };

export function Icon({ name, className = "h-5 w-5", label }: IconProps) {
  const key: IconName = isIconName(name) ? name : "file";
  return (
    <svg
      className={`icon ${className}`}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      <use href={`${ICON_SPRITE_URL}#${key}`} />
    </svg>
  );
}
