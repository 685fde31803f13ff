import { z } from "zod";
import { text } from "@/lib/validation/text";
import { toId } from "@/lib/validation/id";

/**
 * The state of a server-side table as it lives in the URL (house style rule 7): page, page size, one
 * sort and per-column filters. Shared by the server (parsing, the query helper) and the browser (the
 * DataTable builds its links with `tableHref`), so nothing here may be server-only.
 *
 * URL shape: `?page=3&size=50&sort=name.asc&f_name=smith&f_role=1`; defaults are left out, so every
 * state has exactly one canonical address.
 */

/** Page sizes the old portal allows: 25 by default. */
export const PAGE_SIZES = [25, 50, 100, 200, 500] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;
/** The longest filter text kept; longer input is cut (and the URL redirected to the cut value). */
export const FILTER_MAX = 190;
/** The highest page number accepted at all (a 7-digit page is far past any real list). */
export const PAGE_MAX = 9_999_999;

export type TableSort = { id: string; desc: boolean };
export type TableState = { page: number; size: PageSize; sort: TableSort; filters: Record<string, string> };

/** What a table offers: which columns sort, which filter (and how), and the default sort. */
export type TableSpec = {
  sortable: readonly string[];
  /** Column id → filter kind: `text` (contains) or `id` (one positive integer, e.g. a select's value). */
  filters: Readonly<Record<string, "text" | "id">>;
  defaultSort: TableSort;
};

type RawParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

const pageSchema = z.coerce.number().int().min(1).max(PAGE_MAX);
const sizeSchema = z.coerce
  .number()
  .pipe(z.union(PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<PageSize>, ...z.ZodLiteral<PageSize>[]]));
const sortSchema = text().regex(/^[a-z_]{1,40}\.(asc|desc)$/);
const idFilterSchema = text().refine((v) => toId(v) !== null);

export const FILTER_PREFIX = "f_";

/**
 * Reads a table state from the query string. A value that is not valid (page below 1 or not a number,
 * a size outside PAGE_SIZES, an unknown sort or filter column, a malformed id filter, an over-long
 * text) falls back to its default and `changed` is set, so the page redirects to the canonical URL
 * instead of rendering a state that is not its address. Unknown parameters are dropped the same way.
 * Whether the page is past the end is only known after the query: see `lastPage`.
 */
export function parseTableState(raw: RawParams, spec: TableSpec): { state: TableState; changed: boolean } {
  let changed = false;
  const state: TableState = { page: 1, size: DEFAULT_PAGE_SIZE, sort: spec.defaultSort, filters: {} };
  for (const [key, value] of Object.entries(raw)) {
    const v = first(value);
    if (v === undefined) continue;
    if (Array.isArray(value) && value.length > 1) changed = true;
    if (key === "page") {
      const p = pageSchema.safeParse(/^\d+$/.test(v) ? v : "x");
      if (p.success) state.page = p.data;
      changed ||= !p.success || String(p.data) !== v || p.data === 1;
    } else if (key === "size") {
      const s = sizeSchema.safeParse(/^\d+$/.test(v) ? v : "x");
      if (s.success) state.size = s.data;
      changed ||= !s.success || String(s.data) !== v || s.data === DEFAULT_PAGE_SIZE;
    } else if (key === "sort") {
      const s = sortSchema.safeParse(v);
      const [id, dir] = s.success ? v.split(".") : [];
      if (id && spec.sortable.includes(id)) state.sort = { id, desc: dir === "desc" };
      changed ||= !id || !spec.sortable.includes(id) || sameSort(state.sort, spec.defaultSort);
    } else if (key.startsWith(FILTER_PREFIX) && Object.hasOwn(spec.filters, key.slice(FILTER_PREFIX.length))) {
      const id = key.slice(FILTER_PREFIX.length);
      const kind = spec.filters[id];
      const text = v.trim().slice(0, FILTER_MAX);
      if (kind === "id" ? idFilterSchema.safeParse(text).success : text !== "") state.filters[id] = text;
      changed ||= state.filters[id] !== v;
    } else {
      changed = true; // an unknown parameter: not part of this table's address
    }
  }
  return { state, changed };
}

function sameSort(a: TableSort, b: TableSort) {
  return a.id === b.id && a.desc === b.desc;
}

/** The canonical query string of a state (defaults left out), with a leading `?` or empty. */
export function tableSearch(state: TableState, spec: Pick<TableSpec, "defaultSort">): string {
  const q = new URLSearchParams();
  for (const [id, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value !== "") q.set(`${FILTER_PREFIX}${id}`, value);
  }
  if (!sameSort(state.sort, spec.defaultSort)) q.set("sort", `${state.sort.id}.${state.sort.desc ? "desc" : "asc"}`);
  if (state.size !== DEFAULT_PAGE_SIZE) q.set("size", String(state.size));
  if (state.page > 1) q.set("page", String(state.page));
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** `path` plus the canonical query of `state` changed by `patch`. */
export function tableHref(
  path: string,
  state: TableState,
  spec: Pick<TableSpec, "defaultSort">,
  patch: Partial<TableState> = {},
): string {
  return `${path}${tableSearch({ ...state, ...patch }, spec)}`;
}

/** The last page number of a list (1 for an empty list). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The 'Page' box (the old portal's screens): below 1 or empty goes to 1, past the last page to the last page,
 * anything that is not a number to 1.
 */
export function clampPageInput(input: string, last: number): number {
  const text = input.trim();
  if (!/^-?\d+$/.test(text)) return 1;
  const n = Number(text);
  if (n < 1) return 1;
  return Math.min(n, Math.max(1, last));
}

/** The window of (at most) 7 page numbers around the current page. */
export function pageWindow(page: number, last: number, width = 7): number[] {
  const count = Math.min(width, last);
  let start = Math.max(1, page - Math.floor(width / 2));
  start = Math.min(start, last - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'N–M of T' for the caption (0–0 of 0 when empty). */
export function rangeCaption(page: number, size: number, total: number): string {
  if (total === 0) return "0–0 of 0";
  const from = (page - 1) * size + 1;
  return `${from}–${Math.min(page * size, total)} of ${total}`;
}

/** A list's column label by id, from its `[{ id, label }]` table (ids typed from the table). */
export function labelsOf<const C extends readonly { id: string; label: string }[]>(
  columns: C,
): (id: C[number]["id"]) => string {
  return (id) => columns.find((c) => c.id === id)!.label;
}

/** The columns every staff-form list ends with. */
export const UPDATED_COLUMNS = [
  { id: "updated_by", label: "Updated By" },
  { id: "updated_at", label: "Updated At" },
] as const;

/** A staff-form list's column label by id (labelsOf): its own columns' table, then UPDATED_COLUMNS. */
export function listLabelsWithUpdated<const C extends readonly { id: string; label: string }[]>(own: C) {
  return labelsOf([...own, ...UPDATED_COLUMNS] as const);
}
