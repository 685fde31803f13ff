import type { IconName } from "./icon-names";

/**
 * FNV-1a of the sprite document (iconSprite() in ./icon-set.ts), base 36. `icon.test.ts` fails when the
 * sprite changes without a new value here (it prints the value).
 */
export const ICON_SPRITE_VERSION = "zh9l11";

/** The sprite's URL; its version changes whenever an icon does, so browsers may cache it for good. */
export const ICON_SPRITE_URL = `/icons.svg?v=${ICON_SPRITE_VERSION}`;

type IconProps = {
  name: IconName;
  className?: string;
  label?: string;
  /** A colour from the database, already checked (safeColor). */ color?: string;
};

/**
 * Icons drawn from the sprite (/icons.svg, built from ./icon-set.ts): each icon on a page is one short
 * <use> reference, and the paths travel once, cached by the browser. Keys from the database are checked
 * where they are read (isIconName). Decorative by default (aria-hidden); pass `label` when the icon is
 * the only content of a control.
 */
export function Icon({ name, className = "h-5 w-5", label, color }: IconProps) {
  // Only the attributes in use: an icon rendered on the server travels in the page's payload, where
  // every unset attribute would still be written out.
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg className={`icon ${className}`} {...(color && { style: { color } })} {...a11y}>
      <use href={`${ICON_SPRITE_URL}#${name}`} />
    </svg>
  );
}

const FILE_KINDS: { name: IconName; label: string; color: string; extensions: string[] }[] = [
  {
    name: "file-img",
    label: "IMG file",
    color: "text-emerald-600",
    extensions: ["gif", "jpg", "jpeg", "png", "webp", "svg", "bmp"],
  },
  { name: "file-doc", label: "DOC file", color: "text-blue-600", extensions: ["doc", "docx"] },
  { name: "file-xls", label: "XLS file", color: "text-green-700", extensions: ["xls", "xlsx", "csv"] },
  { name: "file-ppt", label: "PPT file", color: "text-orange-600", extensions: ["ppt", "pptx"] },
  { name: "file-pdf", label: "PDF file", color: "text-red-600", extensions: ["pdf"] },
];

/** A file's type icon by extension (image, doc, xls, ppt, pdf; otherwise a link icon), labelled for screen readers. */
export function FileTypeIcon({
  extension,
  isLink = false,
  className = "h-8 w-8",
}: {
  extension: string;
  isLink?: boolean;
  className?: string;
}) {
  const ext = extension.toLowerCase();
  const kind = isLink ? undefined : FILE_KINDS.find((k) => k.extensions.includes(ext));
  if (kind) return <Icon name={kind.name} className={`${className} ${kind.color}`} label={kind.label} />;
  return (
    <Icon
      name="link"
      className={`${className} text-slate-500`}
      label={isLink ? "Link" : ext ? `${ext.toUpperCase()} file` : "File"}
    />
  );
}
