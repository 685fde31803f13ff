import { STAFF_FORM_SEGMENTS } from "@/lib/forms/registry";

/**
 * Menu slugs: made from the title, unique, and never one of the portal's own first path segments
 * (a menu called 'Login' must not hide /login). RESERVED_SEGMENTS lists every static first segment of
 * the app's routes (app/, its route groups, pages/) plus the old portal's paths that redirect;
 * lib/menus/slug.test.ts reads the route folders and fails when a new one is missing here.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  // app/ and app/(auth), app/(portal): the route folders
  "api",
  "login",
  "logout",
  "user",
  "key",
  "attachment-group",
  "menu",
  "mail",
  "search",
  "to-read",
  "compliance",
  "approvals",
  "my",
  "requests",
  // the calendar's built-in page and its calls
  "calendar",
  // the staff forms' pages (lib/forms/registry.ts), the profile and the old portal's aliases (docs/decisions.md)
  ...STAFF_FORM_SEGMENTS,
  "backend",
  "changeprofile",
  "updateusers",
  "hrdragview",
  "form",
  // the framework's own and the error pages
  "_next",
  "auth",
  "forbidden",
  "unauthorized",
  "not-found",
  "404",
  "500",
  "favicon-ico",
  "robots-txt",
  "sitemap-xml",
]);

export const SLUG_MAX = 190;

/** The title as a slug: lower-case ASCII letters and digits joined by single hyphens ('page' when none is left). */
export function slugify(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX - 10)
    .replace(/-+$/, "");
  return base || "page";
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SEGMENTS.has(slug);
}

/**
 * The first free slug for a title: `base`, else `base-2`, `base-3`, ... `isTaken` answers for the
 * candidates (menus and old slugs kept for redirects); reserved segments are never free.
 */
export async function uniqueSlug(
  title: string,
  isTaken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string> {
  const base = slugify(title);
  for (let start = 1; ; start += 50) {
    const candidates = Array.from({ length: 50 }, (_, i) => (start + i === 1 ? base : `${base}-${start + i}`));
    const taken = await isTaken(candidates);
    const free = candidates.find((c) => !taken.has(c) && !isReservedSlug(c));
    if (free) return free;
  }
}
