"use client";
"use no memo"; // TanStack Table 9 keeps its own state; the React Compiler must not memoise around it (STACK.md)

import { useId, useState, useTransition } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from "@tanstack/react-table";
import { Spinner } from "@/components/ui/button";
import {
  PAGE_SIZES,
  clampPageInput,
  lastPage,
  pageWindow,
  rangeCaption,
  tableHref,
  type PageSize,
  type TableSort,
  type TableState,
} from "@/lib/data-table/state";

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });

/** The pinned action column's cells: sticky at the right, on the row's background, with an edge. */
const PINNED = "sticky right-0 bg-inherit shadow-[inset_1px_0_0_#e2e8f0]";
const pinned = (id: string) => (id === "actions" ? PINNED : "");

/**
 * The card layout below 766 px (`md:`, app/globals.css), for a table with `cards`: the same table, restyled, so
 * sorting, filters, selection and pagination are the same controls at every width. The sort headers wrap as a row
 * of buttons, the filters stack with their column's name, and each row is a card: its checkbox, title and badge on
 * the first line, the other cells below as 'Name: value' (an empty cell is left out), its actions last.
 */
const CARD = {
  frame: "max-md:overflow-visible max-md:border-0 max-md:bg-transparent",
  table: "max-md:block",
  caption: "max-md:block max-md:px-0",
  head: "max-md:block max-md:bg-transparent",
  sortRow: "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-2 max-md:bg-transparent max-md:pb-2",
  sortCell:
    "max-md:w-auto max-md:rounded max-md:border max-md:border-slate-300 max-md:bg-white max-md:px-2 max-md:py-1",
  unsortedCell: "max-md:hidden",
  filterRow: "max-md:grid max-md:grid-cols-2 max-md:gap-2 max-md:bg-transparent max-md:pb-3",
  filterCell:
    "max-md:static max-md:flex max-md:flex-col max-md:gap-1 max-md:p-0 max-md:shadow-none max-md:empty:hidden max-md:before:text-xs max-md:before:font-medium max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]",
  body: "max-md:block max-md:space-y-3 max-md:divide-y-0",
  row: "max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)_auto] max-md:items-start max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-md max-md:border max-md:border-slate-200 max-md:p-3",
  select: "max-md:col-start-1 max-md:row-start-1 max-md:p-0",
  title:
    "max-md:col-start-2 max-md:row-start-1 max-md:p-0 max-md:font-medium max-md:break-words max-md:whitespace-normal",
  badge: "max-md:col-start-3 max-md:row-start-1 max-md:p-0",
  field:
    "max-md:col-span-full max-md:flex max-md:gap-2 max-md:p-0 max-md:whitespace-normal max-md:empty:hidden max-md:before:shrink-0 max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]",
  hidden: "max-md:hidden",
  actions: "max-md:static max-md:col-span-full max-md:mt-1 max-md:p-0 max-md:shadow-none",
  empty: "max-md:block",
} as const;

/** Where a cell sits on a card (the `actions` column last; a column without a place is a 'Name: value' line). */
function cardCell(col: { id: string; card?: DataTableColumn<unknown>["card"] }): string {
  if (col.id === "actions") return CARD.actions;
  return col.card ? CARD[col.card] : CARD.field;
}

export type DataTableFilter =
  { kind: "text"; placeholder?: string } | { kind: "select"; options: { value: number | string; text: string }[] };

/**
 * One column: how its cell renders, whether it sorts (server side) and how it filters. The column with
 * id `actions` (the row's Edit/Delete links) stays pinned at the right edge while the others scroll,
 * so a wide list keeps its row actions in view at any width.
 */
export type DataTableColumn<T> = {
  id: string;
  header: string;
  cell: (row: T) => React.ReactNode;
  sortable?: boolean;
  filter?: DataTableFilter;
  className?: string;
  /**
   * Its place on a card (a table with `cards`, below 766 px): `title` heads the card (its name, or the record's
   * reference), `badge` sits beside the title (the status), `hidden` is left off the card; by default a
   * 'Header: value' line. Without a `title` column the first column heads the card.
   */
  card?: "title" | "badge" | "hidden";
};

export type DataTableProps<T> = {
  /** The page's path; every state change goes to `path` + the state's canonical query. */
  path: string;
  /** The server's reading of the URL (lib/data-table/state.ts parseTableState). */
  state: TableState;
  defaultSort: TableSort;
  rows: T[];
  total: number;
  columns: DataTableColumn<T>[];
  rowId: (row: T) => string;
  /** What a row is called for the selection checkbox's label ('Select {label}'). */
  rowLabel: (row: T) => string;
  /** The table's accessible name (its caption, with the range). */
  title: string;
  /**
   * Renders the bulk-action bar while rows are selected; `clear` empties the selection, `keep(ids)` narrows it to
   * those rows (what a bulk action left undone stays selected).
   */
  bulkActions?: (selected: string[], clear: () => void, keep: (ids: string[]) => void) => React.ReactNode;
  /**
   * Rows have selection checkboxes (for the bulk actions, or a toolbar that acts on the selection, such as
   * 'Export N record(s)'). Default: when there are bulk actions.
   */
  selectable?: boolean;
  /** Buttons above the table (export, links to other screens). */
  toolbar?: (selected: string[]) => React.ReactNode;
  emptyText?: string;
  /** Below 766 px each row is a card (the column's `card` says where its cell goes) instead of a table scrolled sideways. */
  cards?: boolean;
};

/**
 * The one data table of the portal: server-side and driven by the URL (page, size, sort, per-column
 * filters), so links and the back button restore a view. Rows and total come from the page (a server
 * component); this component only renders them and turns clicks into new URLs: sort headers and the
 * page-size select push at once, text filters on Enter, select filters on change, the pager's links
 * and the 'Page' box (the old portal's clamping) navigate. Row selection covers the rows of the page on screen.
 * Below 766 px the table scrolls sideways inside its frame, or with `cards` each row is a card (CARD); the controls wrap.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    path,
    state,
    defaultSort,
    rows,
    total,
    columns,
    rowId,
    rowLabel,
    title,
    bulkActions,
    toolbar,
    emptyText = "No records found.",
    cards = false,
  } = props;
  const selectable = props.selectable ?? bulkActions !== undefined;
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [seenRows, setSeenRows] = useState(rows);
  if (seenRows !== rows) {
    // New rows (navigation, a refresh after a delete or a bulk decision): the selection keeps only rows still shown.
    setSeenRows(rows);
    const shown = new Set(rows.map(rowId));
    setRowSelection((now) => Object.fromEntries(Object.entries(now).filter(([id, on]) => on && shown.has(id))));
  }
  const [drafts, setDrafts] = useState<Record<string, string>>(state.filters);
  const [seenFilters, setSeenFilters] = useState(state.filters);
  if (seenFilters !== state.filters) {
    setSeenFilters(state.filters);
    setDrafts(state.filters);
  }
  const captionId = useId();
  const controlsId = useId();
  // On a card layout the sort buttons and filters fold away behind 'Sort and filter' (the cards come first).
  const [controlsShown, setControlsShown] = useState(false);
  const folded = (key: keyof typeof CARD) => `${card(key)} ${cards && !controlsShown ? CARD.hidden : ""}`;
  const filtersOn = Object.keys(state.filters).filter((id) => columns.some((c) => c.id === id && c.filter)).length;
  // The card classes, or none: `card(key)` for the table's parts, `cardOf(col)` for a column's cells.
  const card = (key: keyof typeof CARD) => (cards ? CARD[key] : "");
  const titleId = (columns.find((c) => c.card === "title") ?? columns[0])?.id;
  const cardOf = (col: DataTableColumn<T>) =>
    cards ? cardCell(col.id === titleId && col.id !== "actions" ? { ...col, card: "title" } : col) : "";

  const go = (patch: Partial<TableState>) =>
    startTransition(() => router.push(tableHref(path, state, { defaultSort }, patch)));
  const last = lastPage(total, state.size);

  const defs: ColumnDef<typeof features, T>[] = columns.map((c) => ({
    id: c.id,
    accessorFn: (row: T) => row,
    header: c.header,
    enableSorting: !!c.sortable,
    sortDescFirst: false,
    cell: (info) => c.cell(info.row.original),
  }));
  // The sort lives in the URL: the table reads it from there, and a header's toggle becomes a new URL.
  // The default sort (id) is not a visible column, so no header shows it as sorted.
  const sorting: SortingState = columns.some((c) => c.id === state.sort.id)
    ? [{ id: state.sort.id, desc: state.sort.desc }]
    : [];
  const table = useTable<typeof features, T>({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    enableMultiSort: false,
    enableRowSelection: true,
    state: { rowSelection, sorting },
    onRowSelectionChange: setRowSelection,
    onSortingChange: (updater) => {
      const [next] = functionalUpdate(updater, sorting);
      go({ sort: next ? { id: next.id, desc: next.desc } : defaultSort, page: 1 });
    },
  });

  const selected = Object.keys(rowSelection).filter((id) => rowSelection[id]);
  const clear = () => setRowSelection({});
  const keep = (ids: string[]) => setRowSelection(Object.fromEntries(ids.map((id) => [id, true])));
  const allSelected = rows.length > 0 && selected.length === rows.length;

  const applyFilter = (id: string, value: string) => {
    const filters = { ...state.filters };
    if (value.trim()) filters[id] = value.trim();
    else delete filters[id];
    go({ filters, page: 1 });
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">{toolbar?.(selected)}</div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Rows per page
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={state.size}
            onChange={(e) => go({ size: Number(e.target.value) as PageSize, page: 1 })}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </div>

      {bulkActions && selected.length > 0 && (
        <div
          role="region"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-3 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
        >
          <span>{selected.length} selected</span>
          {bulkActions(selected, clear, keep)}
          <button type="button" className="text-slate-600 underline hover:text-slate-900" onClick={clear}>
            Clear selection
          </button>
        </div>
      )}

      <div
        className={`relative max-w-full overflow-x-auto rounded-md border border-slate-200 bg-white ${card("frame")}`}
        aria-busy={pending || undefined}
      >
        {pending && (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-10" role="status">
            <Spinner className="h-6 w-6 text-brand-600" />
            <span className="sr-only">Loading</span>
          </div>
        )}
        {cards && (
          <button
            type="button"
            className="mb-2 inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 md:hidden"
            aria-expanded={controlsShown}
            aria-controls={controlsId}
            onClick={() => setControlsShown((shown) => !shown)}
          >
            {controlsShown ? "Hide sort and filters" : "Sort and filter"}
            {filtersOn > 0 && ` (${filtersOn} filter${filtersOn === 1 ? "" : "s"} on)`}
          </button>
        )}
        <table className={`min-w-full text-left text-sm ${card("table")}`} aria-labelledby={captionId}>
          <caption id={captionId} className={`px-3 py-2 text-left text-sm text-slate-600 ${card("caption")}`}>
            <span className="sr-only">{title}, </span>
            {rangeCaption(state.page, state.size, total)}
          </caption>
          <thead
            id={controlsId}
            className={`bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase ${card("head")}`}
          >
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className={`bg-slate-50 ${card("sortRow")}`}>
                {selectable && (
                  <th scope="col" className={`w-10 px-3 py-2 ${card("sortCell")}`}>
                    <label className="inline-flex items-center gap-2 whitespace-nowrap">
                      <input
                        type="checkbox"
                        aria-label="Select all rows on this page"
                        checked={allSelected}
                        ref={(el) => {
                          if (el) el.indeterminate = selected.length > 0 && !allSelected;
                        }}
                        onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
                        disabled={rows.length === 0}
                      />
                      {/* A card layout has no column of checkboxes for it to head: it says what it does. */}
                      {cards && <span className="normal-case md:hidden">Select all</span>}
                    </label>
                  </th>
                )}
                {group.headers.map((header) => {
                  const col = columns.find((c) => c.id === header.column.id)!;
                  const dir = header.column.getIsSorted();
                  const sorted = dir === "asc" ? "ascending" : dir === "desc" ? "descending" : undefined;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={header.column.getCanSort() ? (sorted ?? "none") : undefined}
                      className={`px-3 py-2 whitespace-nowrap ${pinned(col.id)} ${col.className ?? ""} ${
                        header.column.getCanSort() ? folded("sortCell") : card("unsortedCell")
                      }`}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 uppercase hover:text-slate-900"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          <table.FlexRender header={header} />
                          <span aria-hidden="true" className="text-slate-400">
                            {sorted === "ascending" ? "▲" : sorted === "descending" ? "▼" : "↕"}
                          </span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
            <tr className={`bg-slate-50 ${folded("filterRow")}`}>
              {selectable && <td className={`px-3 pb-2 ${card("filterCell")}`} />}
              {columns.map((col) => (
                <td
                  key={col.id}
                  // The filter's visible name on a card layout (the table's header says it otherwise).
                  data-label={cards ? col.header : undefined}
                  className={`px-3 pb-2 font-normal normal-case ${pinned(col.id)} ${card("filterCell")}`}
                >
                  {col.filter?.kind === "text" && (
                    <input
                      type="search"
                      aria-label={`Filter by ${col.header}`}
                      placeholder={col.filter.placeholder ?? "Filter"}
                      maxLength={190}
                      className="w-full min-w-24 rounded border border-slate-300 px-2 py-1 text-sm"
                      value={drafts[col.id] ?? ""}
                      onChange={(e) => setDrafts((d) => ({ ...d, [col.id]: e.target.value }))}
                      onKeyDown={(e) => {
                        if (e.key === "Enter") {
                          e.preventDefault();
                          applyFilter(col.id, e.currentTarget.value);
                        }
                      }}
                    />
                  )}
                  {col.filter?.kind === "select" && (
                    <select
                      aria-label={`Filter by ${col.header}`}
                      className="w-full min-w-24 rounded border border-slate-300 bg-white px-2 py-1 text-sm"
                      value={state.filters[col.id] ?? ""}
                      onChange={(e) => applyFilter(col.id, e.target.value)}
                    >
                      <option value="">All</option>
                      {col.filter.options.map((o) => (
                        <option key={o.value} value={String(o.value)}>
                          {o.text}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
              ))}
            </tr>
          </thead>
          <tbody className={`data-rows divide-y divide-slate-100 ${card("body")}`}>
            {table.getRowModel().rows.map((row) => (
              <tr
                key={row.id}
                className={`${row.getIsSelected() ? "bg-brand-50" : "bg-white hover:bg-slate-50"} ${card("row")}`}
              >
                {selectable && (
                  <td className={card("select") || undefined}>
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowLabel(row.original)}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {row.getAllCells().map((cell) => {
                  const col = columns.find((c) => c.id === cell.column.id)!;
                  return (
                    <td
                      key={cell.id}
                      // A card's 'Name: value' line takes its name from here (CARD.field).
                      data-label={
                        cards && !col.card && col.id !== titleId && col.id !== "actions" ? `${col.header}:` : undefined
                      }
                      className={`${pinned(col.id)} ${cardOf(col)}`.trim() || undefined}
                    >
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr className={card("empty") || undefined}>
                <td colSpan={columns.length + (selectable ? 1 : 0)} className={`p-0 text-slate-500 ${card("empty")}`}>
                  {/* At the frame's left edge, not the middle of a table wider than the frame (off screen). */}
                  <div className="sticky left-0 w-max px-3 py-10">{emptyText}</div>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>

      <Pagination
        page={state.page}
        last={last}
        href={(page) => tableHref(path, state, { defaultSort }, { page })}
        onJump={(page) => go({ page })}
      />
    </div>
  );
}

/** First, previous, a window of 7 page numbers, next, last, and the 'Page' box (Enter jumps, clamped). */
function Pagination({
  page,
  last,
  href,
  onJump,
}: {
  page: number;
  last: number;
  href: (page: number) => string;
  onJump: (page: number) => void;
}) {
  const [draft, setDraft] = useState(String(page));
  const [seenPage, setSeenPage] = useState(page);
  if (seenPage !== page) {
    setSeenPage(page);
    setDraft(String(page));
  }
  const step = (label: string, to: number, enabled: boolean, text: string) =>
    enabled ? (
      <Link href={href(to)} aria-label={label} className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
        {text}
      </Link>
    ) : (
      <span
        aria-disabled="true"
        aria-label={label}
        className="cursor-not-allowed rounded border border-slate-200 px-2 py-1 text-slate-400"
      >
        {text}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex flex-wrap items-center gap-1">
        {step("First page", 1, page > 1, "«")}
        {step("Previous page", page - 1, page > 1, "‹")}
        {pageWindow(page, last).map((n) =>
          n === page ? (
            <span
              key={n}
              aria-current="page"
              className="rounded border border-brand-600 bg-brand-600 px-2 py-1 text-white"
            >
              {n}
            </span>
          ) : (
            <Link
              key={n}
              href={href(n)}
              aria-label={`Page ${n}`}
              className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
            >
              {n}
            </Link>
          ),
        )}
        {step("Next page", page + 1, page < last, "›")}
        {step("Last page", last, page < last, "»")}
      </div>
      <label className="flex items-center gap-2">
        Page
        <input
          inputMode="numeric"
          className="w-16 rounded border border-slate-300 px-2 py-1"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              const to = clampPageInput(e.currentTarget.value, last);
              setDraft(String(to));
              if (to !== page) onJump(to);
            }
          }}
        />
        <span className="text-slate-500">of {last}</span>
      </label>
    </nav>
  );
}
