"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { SORT_LABELS, type ContentTab, type Sort } from "@/lib/content/basics";
import { pageHref, type PageState } from "@/lib/content/page-href";
import { startNavigationProgress } from "@/components/shell/navigation-progress";
import { Icon } from "@/components/ui/icon";

const FIELD =
  "border border-slate-300 bg-white text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none";

type Props = {
  slug: string;
  tabs: readonly ContentTab[];
  state: PageState;
  sorts: readonly Sort[];
  viewToggle: boolean;
  label: string;
};

/**
 * Search (Enter), sort and the attachment tab's grid/list toggle. Every change is a URL (rendered on
 * the server), so Back/Forward and shared links work; the search and a new sort go to the canonical URL
 * of the new state, back on page 1. Without JavaScript the form submits as GET.
 */
export function ListToolbar({ slug, tabs, state, sorts, viewToggle, label }: Props) {
  const router = useRouter();

  const go = (form: HTMLFormElement, patch: Partial<PageState>) => {
    const q = (form.elements.namedItem("q") as HTMLInputElement | null)?.value.trim() ?? "";
    const href = pageHref(slug, tabs, state, { q, ...patch, page: 1 });
    startNavigationProgress(href);
    router.push(href);
  };

  return (
    <form
      // A new state's form starts from the server's values (the search box is uncontrolled).
      key={`${state.tab}|${state.q}|${state.sort}|${state.group}`}
      role="search"
      aria-label={`Search ${label}`}
      action={`/${slug}`}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        go(event.currentTarget, {});
      }}
      className="flex flex-wrap items-center gap-2"
    >
      <input type="hidden" name="tab" value={state.tab} />
      {state.group != null && <input type="hidden" name="group" value={state.group} />}
      {state.view !== "grid" && <input type="hidden" name="view" value={state.view} />}
      <div className="relative min-w-0 flex-1 basis-56">
        <label htmlFor="list-q" className="sr-only">
          Search
        </label>
        <Icon
          name="search"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id="list-q"
          name="q"
          type="search"
          defaultValue={state.q}
          maxLength={100}
          placeholder="Search and press Enter"
          className={`block w-full rounded-md py-2 pr-3 pl-9 ${FIELD}`}
        />
      </div>
      <label htmlFor="list-sort" className="sr-only">
        Sort
      </label>
      <select
        id="list-sort"
        name="sort"
        defaultValue={state.sort}
        onChange={(event) =>
          event.currentTarget.form && go(event.currentTarget.form, { sort: event.currentTarget.value as Sort })
        }
        className={`rounded-md px-3 py-2 ${FIELD}`}
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
          {(["grid", "list"] as const).map((v) => {
            const on = state.view === v;
            return (
              <Link
                key={v}
                href={pageHref(slug, tabs, state, { view: v })}
                prefetch={false}
                aria-label={v === "grid" ? "Grid view" : "List view"}
                aria-current={on || undefined}
                className={`rounded p-1.5 ${on ? "bg-brand-600 text-white" : "text-slate-600 hover:bg-slate-100"}`}
              >
                <Icon name={v} className="h-4 w-4" />
              </Link>
            );
          })}
        </div>
      )}
    </form>
  );
}
