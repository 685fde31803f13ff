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

export type DataTableFilter =
  | { kind: "text"; placeholder?: string }
  /** `allLabel`: the empty choice's text (default 'All'), when no filter means something narrower. */
  | { kind: "select"; options: { value: number | string; text: string }[]; allLabel?: string };

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
   * Its place on a card (the `cards` layout): `title` heads the card, `hidden` leaves it out; otherwise it
   * is one labelled line. The `actions` column ends the card.
   */
  card?: "title" | "hidden";
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
   * Renders the bulk-action bar while rows are selected; `clear` empties the selection, `select` makes it
   * exactly the given rows (a bulk decision keeps the rows it did not decide).
   */
  bulkActions?: (selected: string[], clear: () => void, select: (ids: string[]) => void) => React.ReactNode;
  /**
   * Rows have selection checkboxes (for the bulk actions, or a toolbar that acts on the selection, such as
   * 'Export N record(s)'). Default: when there are bulk actions.
   */
  selectable?: boolean;
  /** Buttons above the table (export, links to other screens). */
  toolbar?: (selected: string[]) => React.ReactNode;
  emptyText?: string;
  /**
   * Below 766 px, each row is a card (its columns as labelled lines, see DataTableColumn.card) and the
   * column filters stand above the cards, instead of a table scrolled sideways.
   */
  cards?: boolean;
};

/**
 * The one data table of the portal: server-side and driven by the URL (page, size, sort, per-column
 * filters), so links and the back button restore a view. Rows and total come from the page (a server
 * component); this component only renders them and turns clicks into new URLs: sort headers and the
 * page-size select push at once, text filters on Enter, select filters on change, the pager's links
 * and the 'Page' box (the old portal's clamping) navigate. Row selection covers the rows of the page on screen;
 * a new page of rows (a refresh after a bulk action) keeps the selected rows it still has. Below 766 px the
 * table scrolls sideways inside its frame (with `cards`, rows are cards instead); the controls wrap.
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
    // A new page of rows (navigation, a refresh after a delete or a decision): the selection keeps only
    // rows still on screen (after a bulk decision, those it did not decide).
    setSeenRows(rows);
    const present = new Set(rows.map(rowId));
    setRowSelection((sel) => Object.fromEntries(Object.entries(sel).filter(([id, on]) => on && present.has(id))));
  }
  const [drafts, setDrafts] = useState<Record<string, string>>(state.filters);
  const [seenFilters, setSeenFilters] = useState(state.filters);
  if (seenFilters !== state.filters) {
    setSeenFilters(state.filters);
    setDrafts(state.filters);
  }
  const captionId = useId();

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
  const select = (ids: string[]) => setRowSelection(Object.fromEntries(ids.map((id) => [id, true])));
  const allSelected = rows.length > 0 && selected.length === rows.length;

  const applyFilter = (id: string, value: string) => {
    const filters = { ...state.filters };
    if (value.trim()) filters[id] = value.trim();
    else delete filters[id];
    go({ filters, page: 1 });
  };

  /** A column's filter control: in the table's filter row, or above the cards. */
  const filterControl = (col: DataTableColumn<T>) => (
    <>
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
          <option value="">{col.filter.allLabel ?? "All"}</option>
          {col.filter.options.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.text}
            </option>
          ))}
        </select>
      )}
    </>
  );
  const rowModel = table.getRowModel().rows;
  const checkbox = (row: (typeof rowModel)[number]) => (
    <input
      type="checkbox"
      aria-label={`Select ${rowLabel(row.original)}`}
      checked={row.getIsSelected()}
      onChange={row.getToggleSelectedHandler()}
    />
  );

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
          {bulkActions(selected, clear, select)}
          <button type="button" className="text-slate-600 underline hover:text-slate-900" onClick={clear}>
            Clear selection
          </button>
        </div>
      )}

      {cards && (
        <CardList
          columns={columns}
          rows={rowModel.map((row) => ({
            id: row.id,
            original: row.original,
            selected: row.getIsSelected(),
            checkbox: selectable ? checkbox(row) : null,
          }))}
          filters={columns
            .filter((c) => c.filter)
            .map((c) => (
              <label key={c.id} className="block space-y-1 text-slate-700">
                <span>{c.header}</span>
                {filterControl(c)}
              </label>
            ))}
          caption={`${title}, ${rangeCaption(state.page, state.size, total)}`}
          emptyText={emptyText}
          pending={pending}
        />
      )}
      <div
        className={`relative max-w-full overflow-x-auto rounded-md border border-slate-200 bg-white ${cards ? "max-md:hidden" : ""}`}
        aria-busy={pending || undefined}
      >
        {pending && (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-10" role="status">
            <Spinner className="h-6 w-6 text-brand-600" />
            <span className="sr-only">Loading</span>
          </div>
        )}
        <table className="min-w-full text-left text-sm" aria-labelledby={captionId}>
          <caption id={captionId} className="px-3 py-2 text-left text-sm text-slate-600">
            <span className="sr-only">{title}, </span>
            {rangeCaption(state.page, state.size, total)}
          </caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="bg-slate-50">
                {selectable && (
                  <th scope="col" className="w-10 px-3 py-2">
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
                      className={`px-3 py-2 whitespace-nowrap ${pinned(col.id)} ${col.className ?? ""}`}
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
            <tr className="bg-slate-50">
              {selectable && <td className="px-3 pb-2" />}
              {columns.map((col) => (
                <td key={col.id} className={`px-3 pb-2 font-normal normal-case ${pinned(col.id)}`}>
                  {filterControl(col)}
                </td>
              ))}
            </tr>
          </thead>
          <tbody className="data-rows divide-y divide-slate-100">
            {rowModel.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? "bg-brand-50" : "bg-white hover:bg-slate-50"}>
                {selectable && <td>{checkbox(row)}</td>}
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={pinned(cell.column.id) || undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={columns.length + (selectable ? 1 : 0)} className="p-0 text-slate-500">
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

/**
 * The `cards` layout below 766 px: the column filters, then one card per row: the selection box and the
 * `title` column as its heading, the other columns as label and value, the actions last.
 */
function CardList<T>({
  columns,
  rows,
  filters,
  caption,
  emptyText,
  pending,
}: {
  columns: DataTableColumn<T>[];
  rows: { id: string; original: T; selected: boolean; checkbox: React.ReactNode }[];
  filters: React.ReactNode[];
  caption: string;
  emptyText: string;
  pending: boolean;
}) {
  const title = columns.find((c) => c.card === "title");
  const actions = columns.find((c) => c.id === "actions");
  const lines = columns.filter((c) => c !== title && c !== actions && c.card !== "hidden");
  return (
    <div className="space-y-3 md:hidden" aria-busy={pending || undefined}>
      {filters.length > 0 && <div className="grid grid-cols-2 gap-2 text-sm">{filters}</div>}
      <p className="text-sm text-slate-600">{caption}</p>
      {rows.length === 0 && <p className="py-6 text-slate-500">{emptyText}</p>}
      <ul className="space-y-2" aria-label={caption}>
        {rows.map((r) => (
          <li
            key={r.id}
            className={`rounded-md border border-slate-200 p-3 text-sm ${r.selected ? "bg-brand-50" : "bg-white"}`}
          >
            <div className="flex items-start gap-2">
              {r.checkbox}
              {title && <div className="min-w-0 font-medium break-words text-slate-900">{title.cell(r.original)}</div>}
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {lines.map((c) => (
                <div key={c.id} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="min-w-0 break-words">{c.cell(r.original)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="mt-3">{actions.cell(r.original)}</div>}
          </li>
        ))}
      </ul>
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
