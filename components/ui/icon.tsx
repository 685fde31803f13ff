import { ICON_SPRITE_VERSION, type IconName } from "./icon-names";

export type { IconName };
export { isIconName } from "./icon-names";

/** The icon keys an administrator can give a menu. */
export const MENU_ICON_KEYS = ["home", "chat", "folder", "calendar", "link", "megaphone", "wrench", "car", "users", "star", "book", "shield"] as const satisfies readonly IconName[];

/** The sprite's URL; its version changes whenever an icon does, so browsers may cache it for good. */
export const ICON_SPRITE_URL = `/icons.svg?v=${ICON_SPRITE_VERSION}`;

type IconProps = { name: IconName; className?: string; label?: string };

/**
 * Icons drawn from the sprite (/icons.svg, built from ./icon-set.ts): each icon on a page is one short
 * <use> reference, and the paths travel once, cached by the browser. Keys from the database are checked
 * where they are read (isIconName). Decorative by default (aria-hidden); pass `label` when the icon is
 * the only content of a control.
 */
export function Icon({ name, className = "h-5 w-5", label }: IconProps) {
  return (
    <svg
      className={`icon ${className}`}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}
