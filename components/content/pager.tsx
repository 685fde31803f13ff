import Link from "next/link";

/** Previous / Next, shown when the total reaches the page size (spec). */
export function Pager({ page, total, perPage, href }: { page: number; total: number; perPage: number; href: (page: number) => string }) {
  if (total < perPage) return null;
  const last = Math.max(1, Math.ceil(total / perPage));
  const cls = "rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium";
  const off = `${cls} cursor-not-allowed text-slate-400`;
  const on = `${cls} text-slate-800 hover:bg-slate-50`;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-2">
      {page > 1 ? (
        <Link href={href(page - 1)} className={on} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {last}
      </span>
      {page < last ? (
        <Link href={href(page + 1)} className={on} rel="next">
          Next
        </Link>
      ) : (
        <span className={off} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
