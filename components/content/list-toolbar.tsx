"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { SORT_LABELS, type ContentTab, type Sort } from "@/lib/content/basics";
import { pageHref, type PageState } from "@/lib/content/page-href";
import { startNavigationProgress } from "@/components/shell/navigation-progress";
import { Icon } from "@/components/ui/icon";

type Props = { slug: string; tabs: ContentTab[]; state: PageState; sorts: readonly Sort[]; viewToggle?: boolean; label: string };

/**
 * Search (Enter), sort and the grid/list toggle of a tab. Every change is a URL (rendered on the
 * server), so Back/Forward and shared links work; without JavaScript the form still submits as GET.
 */
export function ListToolbar({ slug, tabs, state, sorts, viewToggle, label }: Props) {
  const router = useRouter();
  const [q, setQ] = useState(state.q);
  const id = useId();
  const go = (patch: Partial<PageState>) => {
    const href = pageHref(slug, tabs, state, { ...patch, page: 1 });
    startNavigationProgress(href);
    router.push(href);
  };

  return (
    <form
      role="search"
      aria-label={`Search ${label}`}
      action={`/${slug}`}
      method="get"
      onSubmit={(e) => {
        e.preventDefault();
        go({ q: q.trim() });
      }}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="tab" value={state.tab} />
      {state.group != null && <input type="hidden" name="group" value={state.group} />}
      {state.view !== "grid" && <input type="hidden" name="view" value={state.view} />}
      <div className="relative min-w-0 flex-1 basis-56">
        <label htmlFor={`${id}-q`} className="sr-only">
          Search
        </label>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400" />
        <input
          id={`${id}-q`}
          name="q"
          type="search"
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search and press Enter"
          className="block w-full rounded-md border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
        />
      </div>
      <label htmlFor={`${id}-sort`} className="sr-only">
        Sort
      </label>
      <select
        id={`${id}-sort`}
        name="sort"
        value={state.sort}
        onChange={(e) => go({ sort: e.target.value as Sort, q: q.trim() })}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
      >
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          Search
        </button>
      </noscript>
      {viewToggle && (
        <div className="flex rounded-md border border-slate-300 bg-white p-0.5" role="group" aria-label="Layout">
          <Link
            href={pageHref(slug, tabs, state, { view: "grid" })}
            aria-label="Grid view"
            aria-current={state.view === "grid" ? "true" : undefined}
            className={`rounded p-1.5 ${state.view === "grid" ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            <Icon name="grid" className="h-4 w-4" />
          </Link>
          <Link
            href={pageHref(slug, tabs, state, { view: "list" })}
            aria-label="List view"
            aria-current={state.view === "list" ? "true" : undefined}
            className={`rounded p-1.5 ${state.view === "list" ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            <Icon name="list" className="h-4 w-4" />
          </Link>
        </div>
      )}
    </form>
  );
}
