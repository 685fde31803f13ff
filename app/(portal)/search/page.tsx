import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { formatDayText } from "@/lib/dates/format";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { CANDIDATES, PAGE_SIZE, searchPage } from "@/lib/search/queries";
import { cleanQuery, parseQuery, searchQuerySchema } from "@/lib/search/schemas";
import { KIND_LABELS, SEARCH_KINDS, type KindPage, type SearchKind, type SearchResult } from "@/lib/search/types";
import { DateText } from "@/components/content/date-text";
import { Highlighted } from "@/components/search/highlighted";
import { sourceNote } from "@/lib/search/format";
import { Icon } from "@/components/ui/icon";

export const metadata: Metadata = { title: "Search" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

type State = { q: string; kind?: SearchKind; page: number; from?: string; to?: string };

/** The URL of a state: everything in the query string, defaults left out. */
function stateHref(s: State, patch: Partial<State> = {}): string {
  const next = { ...s, ...patch };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.kind) params.set("kind", next.kind);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.page > 1) params.set("page", String(next.page));
  const qs = params.toString();
  return `/search${qs ? `?${qs}` : ""}`;
}

/** Each field on its own: a bad one (an unknown kind, a page of 'abc') is dropped, the rest kept. */
function parseState(raw: Record<string, string | string[] | undefined>): State {
  const one = (k: string) => (typeof raw[k] === "string" ? (raw[k] as string) : undefined);
  const shape = searchQuerySchema.shape;
  const field = <T,>(
    schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
    k: string,
  ): T | undefined => {
    const r = schema.safeParse(one(k));
    return r.success ? r.data : undefined;
  };
  return {
    q: cleanQuery(one("q") ?? ""),
    kind: field(shape.kind, "kind"),
    page: field(shape.page, "page") ?? 1,
    from: field(shape.from, "from"),
    to: field(shape.to, "to"),
  };
}

/**
 * /search: every result of the portal search the viewer may open, filtered by kind and date, a page at a
 * time; all of its state is in the URL (a plain GET form, so it works before any script runs). Without a
 * kind it shows the first results of each kind with a link to all of them.
 */
export default async function SearchPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const state = parseState(await searchParams);
  const searchable = parseQuery(state.q).tokens.length > 0;
  const groups = searchable
    ? await searchPage({
        q: state.q,
        user,
        kind: state.kind,
        page: state.page,
        filters: { from: state.from, to: state.to },
      })
    : [];
  const single = state.kind ? groups[0] : undefined;
  const heading = state.q ? `Results for “${state.q}”` : "Search";

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold break-words text-slate-900">{heading}</h1>
      {/* Keyed by the state: a kind link or the pager is a client navigation, and the fields' defaults must follow the URL. */}
      <form
        key={stateHref(state)}
        action="/search"
        method="get"
        role="search"
        aria-label="Search the portal"
        className="grid gap-3 sm:grid-cols-[1fr_auto] lg:grid-cols-[1fr_12rem_9.5rem_9.5rem_auto] lg:items-end"
      >
        <label className="block text-sm font-medium text-slate-700">
          Search for
          <input
            type="search"
            name="q"
            defaultValue={state.q}
            maxLength={200}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Kind
          <select
            name="kind"
            defaultValue={state.kind ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
          >
            <option value="">All kinds</option>
            {SEARCH_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          From
          <input
            type="date"
            name="from"
            defaultValue={state.from ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
          />
        </label>
        <label className="block text-sm font-medium text-slate-700">
          To
          <input
            type="date"
            name="to"
            defaultValue={state.to ?? ""}
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900"
          />
        </label>
        <button
          type="submit"
          className="inline-flex h-[2.625rem] items-center justify-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          <Icon name="search" className="h-4 w-4" />
          Search
        </button>
      </form>

      <nav aria-label="Kinds" className="-mx-1 flex gap-1 overflow-x-auto pb-1">
        <KindLink href={stateHref(state, { kind: undefined, page: 1 })} current={!state.kind} label="All" />
        {SEARCH_KINDS.map((k) => (
          <KindLink
            key={k}
            href={stateHref(state, { kind: k, page: 1 })}
            current={state.kind === k}
            label={KIND_LABELS[k]}
          />
        ))}
      </nav>

      {!searchable ? (
        <p className="text-sm text-slate-600">
          {state.q
            ? "Type at least two letters or digits to search."
            : "Type what you are looking for: pages, discussions, documents, events, people."}
        </p>
      ) : single ? (
        <SingleKind group={single} state={state} />
      ) : groups.length === 0 ? (
        <p role="status" className="text-sm text-slate-600">
          No results for “{state.q}”{state.from || state.to ? " in these dates" : ""}.
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.kind} aria-labelledby={`group-${g.kind}`} className="space-y-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 pb-1">
              <h2 id={`group-${g.kind}`} className="text-lg font-semibold text-slate-900">
                {KIND_LABELS[g.kind]} <span className="text-sm font-normal text-slate-500">({totalText(g)})</span>
              </h2>
              {g.total > g.results.length && (
                <Link
                  href={stateHref(state, { kind: g.kind, page: 1 })}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  All {totalText(g)} {KIND_LABELS[g.kind].toLowerCase()}
                </Link>
              )}
            </div>
            <ResultList results={g.results} />
          </section>
        ))
      )}
    </div>
  );
}

function totalText(g: KindPage): string {
  return g.totalCapped ? `${CANDIDATES.toLocaleString("en-US")}+` : g.total.toLocaleString("en-US");
}

function KindLink({ href, current, label }: { href: string; current: boolean; label: string }) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`shrink-0 rounded-full border px-3 py-1 text-sm whitespace-nowrap ${current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 text-slate-700 hover:bg-slate-50"}`}
    >
      {label}
    </Link>
  );
}

function SingleKind({ group, state }: { group: KindPage; state: State }) {
  const pages = Math.max(1, Math.ceil(group.total / PAGE_SIZE));
  if (!group.results.length) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {state.page > 1 && group.total > 0 ? (
          <>
            This page is past the last one.{" "}
            <Link href={stateHref(state, { page: pages })} className="text-brand-700 underline">
              Go to page {pages}
            </Link>
          </>
        ) : (
          <>
            No {KIND_LABELS[group.kind].toLowerCase()} found for “{state.q}”.
          </>
        )}
      </p>
    );
  }
  const first = (state.page - 1) * PAGE_SIZE + 1;
  return (
    <section aria-labelledby="group-single" className="space-y-2">
      <h2 id="group-single" className="text-sm text-slate-600">
        {KIND_LABELS[group.kind]} {first}–{first + group.results.length - 1} of {totalText(group)}
      </h2>
      <ResultList results={group.results} />
      {pages > 1 && (
        <nav aria-label="Pages" className="flex items-center justify-between gap-2 pt-2 text-sm">
          {state.page > 1 ? (
            <Link
              href={stateHref(state, { page: state.page - 1 })}
              rel="prev"
              className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              Previous
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {state.page} of {pages}
          </span>
          {state.page < pages ? (
            <Link
              href={stateHref(state, { page: state.page + 1 })}
              rel="next"
              className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              Next
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}

function ResultList({ results }: { results: SearchResult[] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {results.map((r) => {
        const note = sourceNote(r.source, r.documentName ?? null);
        return (
          <li key={`${r.kind}-${r.id}`} className="py-3">
            {r.external ? (
              <a
                href={r.href}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-brand-700 hover:underline"
              >
                <Highlighted segments={r.title} />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : (
              <Link href={r.href} prefetch={false} className="font-medium break-words text-brand-700 hover:underline">
                <Highlighted segments={r.title} />
              </Link>
            )}
            <p className="text-xs text-slate-500">
              {[r.context, note].filter(Boolean).join(" · ")}
              {r.date && (
                <>
                  {" · "}
                  <ResultDate date={r.date} />
                </>
              )}
            </p>
            {r.snippet.length > 0 && (
              <p className="mt-1 text-sm break-words text-slate-700">
                <Highlighted segments={r.snippet} />
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A save-the-date day is a calendar date (no zone); everything else a moment shown in the viewer's zone. */
function ResultDate({ date }: { date: string }) {
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return <span>{formatDayText(date, "d MMMM, yyyy")}</span>;
  return <DateText date={new Date(date)} kind="long" />;
}
