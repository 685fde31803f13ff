import Link from "next/link";

/** Previous / 'Page N of M' / Next for a server-rendered list whose page is in its URL (`href(page)`). */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  const button = "rounded-md border border-slate-300 px-3 py-1.5";
  return (
    <nav aria-label="Pages" className="flex gap-2 text-sm">
      {page > 1 && (
        <Link href={href(page - 1)} className={button}>
          Previous
        </Link>
      )}
      <span className="px-2 py-1.5 text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages && (
        <Link href={href(page + 1)} className={button}>
          Next
        </Link>
      )}
    </nav>
  );
}

/** A list page's URL: `path` with the non-empty `params` and the page (left out when 1). */
export function listPageHref(path: string, params: Record<string, string | number | undefined>, page: number): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") p.set(k, String(v));
  if (page > 1) p.set("page", String(page));
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}
