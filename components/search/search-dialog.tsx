"use client";

import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Modal } from "@/components/ui/modal";
import { Spinner } from "@/components/ui/button";
import { callV1 } from "@/lib/api/client";
import type { Segment } from "@/lib/search/highlight";
import { KIND_LABELS, type SearchKind } from "@/lib/search/types";
import { searchPageHref, sourceNote } from "@/lib/search/format";
import { Highlighted } from "./highlighted";

/** What GET /api/v1/search?suggest=1 answers (lib/search, app/api/v1/search/route.ts). */
type ApiResult = {
  kind: SearchKind;
  id: number;
  title: Segment[];
  snippet: Segment[];
  href: string;
  external: boolean;
  context: string;
  source: string;
  document_name: string | null;
};
type ApiContent = {
  q: string;
  groups: { kind: SearchKind; total: number; total_capped: boolean; results: ApiResult[] }[];
};

const DEBOUNCE_MS = 150;
const MIN_CHARS = 2;

/** The option list: every result, then 'See all results' (opens /search). */
type Option = { id: string; href: string; external?: boolean; result?: ApiResult };

/**
 * The header's search dialog, a search box that suggests as you type, grouped by kind. The ARIA combobox
 * pattern: the input owns a listbox, arrow keys move the active option (aria-activedescendant), Enter opens
 * it (or the results page when none is active), Escape closes. Results are counted in a polite live region.
 * Loaded when first wanted (search-launcher.tsx), then kept mounted so the last search is there on return.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const router = useRouter();
  const [text, setText] = useState("");
  const [data, setData] = useState<ApiContent | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-opt-${i}`;

  useEffect(() => {
    if (open) requestAnimationFrame(() => inputRef.current?.select());
  }, [open]);

  const query = text.trim();
  const searchable = query.replace(/[^\p{L}\p{N}]/gu, "").length >= MIN_CHARS;

  // Suggestions: debounced, the previous request aborted when the text changes.
  useEffect(() => {
    if (!open || !searchable) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const content = await callV1<ApiContent>(`/api/v1/search?${new URLSearchParams({ q: query, suggest: "1" })}`, {
          signal: controller.signal,
        });
        setData(content);
        setError(null);
        setActive(-1);
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return;
        setError(err instanceof Error ? err.message : String(err));
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query, searchable]);

  const shown = searchable ? data : null;
  const options: Option[] = useMemo(() => {
    if (!shown || !searchable) return [];
    const list: Option[] = [];
    for (const g of shown.groups)
      for (const r of g.results) list.push({ id: `${r.kind}-${r.id}`, href: r.href, external: r.external, result: r });
    list.push({ id: "all", href: searchPageHref(query) });
    return list;
  }, [shown, searchable, query]);

  const close = useCallback(() => {
    onClose();
    setActive(-1);
  }, [onClose]);

  const go = useCallback(
    (option: Option) => {
      close();
      if (option.external) window.open(option.href, "_blank", "noopener,noreferrer");
      else router.push(option.href);
    },
    [close, router],
  );

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: "nearest" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable useId
  }, [active]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && options.length) {
      e.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (e.key === "ArrowUp" && options.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (e.key === "Home" && options.length && e.ctrlKey) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === "End" && options.length && e.ctrlKey) {
      e.preventDefault();
      setActive(options.length - 1);
    } else if (e.key === "Escape") {
      // A search input clears itself on Escape and swallows the dialog's cancel: close here instead.
      e.preventDefault();
      close();
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (active >= 0 && options[active]) go(options[active]);
      else if (searchable) go({ id: "all", href: searchPageHref(query) });
    }
  };

  const count = options.length ? options.length - 1 : 0;
  const status = !searchable
    ? query
      ? "Type at least two letters."
      : ""
    : loading && !shown
      ? "Searching…"
      : error
        ? error
        : shown
          ? count
            ? `${count} suggestion${count === 1 ? "" : "s"}. Use the arrow keys to choose, Enter to open.`
            : `No results for ${query}.`
          : "";

  let index = -1;
  return (
    <Modal
      open={open}
      onCancel={close}
      labelledBy={titleId}
      className="mt-[8vh] mb-auto max-h-[80dvh] w-[min(42rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-xl bg-white p-0 shadow-2xl open:flex"
    >
      <h2 id={titleId} className="sr-only">
        Search the portal
      </h2>
      <div className="flex items-center gap-2 border-b border-slate-200 px-3">
        <Icon name="search" className="h-5 w-5 shrink-0 text-slate-500" />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search the portal"
          aria-expanded={options.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          placeholder="Pages, discussions, documents, events, people…"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-400 [&::-webkit-search-cancel-button]:appearance-none"
        />
        {loading && <Spinner className="h-4 w-4 text-slate-400" />}
        <button
          type="button"
          onClick={close}
          className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
        >
          <Icon name="close" className="h-5 w-5" />
          <span className="sr-only">Close search</span>
        </button>
      </div>
      <p role="status" aria-live="polite" className={status ? "px-4 pt-2 text-xs text-slate-500" : "sr-only"}>
        {status}
      </p>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="min-h-0 flex-1 overflow-y-auto px-2 pb-2"
      >
        {shown?.groups.map((g) => {
          const headingId = `${ids}-group-${g.kind}`;
          return (
            <div key={g.kind} role="group" aria-labelledby={headingId} className="pt-2">
              <div
                id={headingId}
                role="presentation"
                className="px-2 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
              >
                {KIND_LABELS[g.kind]}
              </div>
              {g.results.map((r) => {
                index += 1;
                const i = index;
                const note = sourceNote(r.source, r.document_name);
                return (
                  <div
                    key={`${r.kind}-${r.id}`}
                    id={optionId(i)}
                    role="option"
                    aria-selected={active === i}
                    onMouseMove={() => active !== i && setActive(i)}
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => go(options[i])}
                    className={`cursor-pointer rounded-md px-2 py-2 ${active === i ? "bg-brand-50 ring-1 ring-brand-200" : ""}`}
                  >
                    <Highlighted segments={r.title} className="block truncate text-sm font-medium text-slate-900" />
                    <span className="block truncate text-xs text-slate-500">
                      {[r.context, note].filter(Boolean).join(" · ")}
                    </span>
                    {r.snippet.length > 0 && (
                      <Highlighted segments={r.snippet} className="line-clamp-2 block text-xs text-slate-600" />
                    )}
                  </div>
                );
              })}
            </div>
          );
        })}
        {options.length > 0 && (
          <div
            id={optionId(options.length - 1)}
            role="option"
            aria-selected={active === options.length - 1}
            onMouseMove={() => active !== options.length - 1 && setActive(options.length - 1)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(options[options.length - 1])}
            className={`mt-2 cursor-pointer rounded-md border-t border-slate-100 px-2 py-2 text-sm font-medium text-brand-700 ${active === options.length - 1 ? "bg-brand-50 ring-1 ring-brand-200" : ""}`}
          >
            See all results for “{query}”
          </div>
        )}
      </div>
    </Modal>
  );
}
