import { readableTextOn } from "@/components/shell/shell-utils";

/**
 * A person's initials in a circle: the one avatar of the portal (posts, comments, the header's account
 * menu, the profile, the HR cards). `color` is a checked colour (safeColor) of the person's profile; the
 * text then takes black or white by contrast. Without it, the brand colour. `src`: their photo (a signed
 * URL) instead of the initials. Decorative: the name is always written beside it.
 */
export function Avatar({
  initials,
  color,
  src,
  className = "h-10 w-10 text-sm",
}: {
  initials: string;
  color?: string;
  src?: string | null;
  className?: string;
}) {
  if (src) {
    // A short-lived signed URL of the app's own file route: nothing for the image optimiser to cache.
    // eslint-disable-next-line @next/next/no-img-element
    return <img src={src} alt="" aria-hidden="true" className={`avatar object-cover ${className}`} />;
  }
  return (
    <span
      aria-hidden="true"
      {...(color && { style: { backgroundColor: color, color: readableTextOn(color) } })}
      className={`avatar ${className}`}
    >
      {initials}
    </span>
  );
}
