import { readableTextOn } from "@/components/shell/shell-utils";

/**
 * A person's initials in a circle: the one avatar of the portal (posts, comments, the header's account
 * menu). `color` is a checked colour (safeColor) of the person's profile; the text then takes black or
 * white by contrast. Without it, the brand colour. Decorative: the name is always written beside it.
 */
export function Avatar({ initials, color, className = "h-10 w-10 text-sm" }: { initials: string; color?: string; className?: string }) {
  return (
    <span aria-hidden="true" {...(color && { style: { backgroundColor: color, color: readableTextOn(color) } })} className={`avatar ${className}`}>
      {initials}
    </span>
  );
}
