import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { readWithKeptPlans } from "@/lib/db/prepared";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { listVisibleMenus, type VisibleMenus } from "@/lib/menus/queries";
import type { FormKey } from "@/lib/forms/form-keys";
import { HEADLINE_SNIPPET, HEADLINE_TITLE, splitHighlight } from "./highlight";
import type { MatchSource, SearchKind, SearchResult } from "./types";
import { parseTsQuery, readPlan, termText, type Term } from "./plan";
import type { SearchStats } from "./stats";

/**
 * The search engine: how a kind's sources become one ranked, paged statement (sourceHits, kindSelect)
 * and how the statements run (searchStatements). What a kind searches and how its rows read is the
 * kind's own file (lib/search/kinds/); the typo forgiveness is lib/search/typos.ts; the public reads
 * are lib/search/queries.ts.
 *
 * Each source ranks at most `candidates` matches: a word that matches more rows than that is ranked
 * within the first ones found (for a common word, the newest: sourceHits), and the total says "1,000+".
 */

export type SearchFilters = {
  /** Inclusive dates (YYYY-MM-DD) on the result's date; results without a date (pages, people) are left out when set. */
  from?: string;
  to?: string;
};

/** Who searches, and what their role lets the search show them. */
export type Viewer = {
  user: SessionUser;
  menus: VisibleMenus;
  seeInactiveEvents: boolean;
  seeForms: boolean;
  seePeopleAdmin: boolean;
};

export async function viewerOf(user: SessionUser): Promise<Viewer> {
  return {
    user,
    menus: await listVisibleMenus({ roleId: user.roleId, stamp: user.configStamp }),
    seeInactiveEvents: roleCan(user.roleId, "seeEventStatus"),
    seeForms: roleCan(user.roleId, "manageStaffForms"),
    seePeopleAdmin: roleCan(user.roleId, "manageBackOffice"),
  };
}

/**
 * A search's context: the query as PostgreSQL normalized it (`tsq`, a tsquery's text: its stems) and
 * as its terms (`terms`; null when not known), the tables' statistics, the viewer, the page.
 */
export type Ctx = {
  tsq: string;
  terms: Term[] | null;
  stats: SearchStats;
  viewer: Viewer;
  filters: SearchFilters;
  limit: number;
  offset: number;
  candidates: number;
};

/**
 * One source of a kind's hits: the rows of `table` (as `alias`, with `join`) whose `vector` matches the
 * query and `where` holds, each naming the kind's row (`id`), where the words were found (`src`) and,
 * for a comment or a passage, which one (`srcId`, `srcPos`). `newest` orders the table newest first
 * (its primary key, descending) for reading a common word's matches (sourceHits).
 */
export type Source = {
  src: MatchSource;
  table: string;
  alias: string;
  join?: SQL;
  vector: SQL;
  id: SQL;
  where?: SQL[];
  weight?: number;
  srcId?: SQL;
  srcPos?: SQL;
  /** Which staff form a form source reads (the hit's `form_key`): its records' ids are `id` (form, id) pairs. */
  formKey?: FormKey;
  newest?: string;
  /** A joined source whose other side is small (a kind's few documents): left to the planner, which starts from it. */
  planner?: boolean;
};

/** The columns every kind's rows have (every value as text or a number, the same on both drivers). */
export type HitRow = {
  id: number;
  rank: number;
  total: number;
  src: MatchSource;
  title: string;
  snippet: string | null;
  document_name: string | null;
  date: string | null;
};

/** The SQL type a kind's own column is read as. */
type FieldType = "text" | "int";
type FieldValue<T extends FieldType> = T extends "int" ? number | null : string | null;

/** A result's parts every kind shares; the kind adds where it opens and its line of context. */
export type ResultBase = Omit<SearchResult, "href" | "context">;

/**
 * A kind (`kind`, its name): its sources for the viewer and filters (null when the viewer may not see the kind or the
 * filters leave it out), the select that reads a page of rows (alias `h` for the hit: id, rank, total,
 * src, src_id, src_pos, form_key; `q` for the query), naming HitRow's columns and the kind's own
 * `fields`, and the result a row becomes. `tieBreak`: a field ordering rows of equal rank and id (a
 * kind whose ids repeat).
 */
export type KindDef<K extends SearchKind, F extends Record<string, FieldType>> = {
  kind: K;
  fields: F;
  tieBreak?: keyof F & string;
  sources: (ctx: Ctx) => Source[] | null;
  rows: (ctx: Ctx) => SQL;
  toResult: (row: HitRow & { [K in keyof F]: FieldValue<F[K]> }, base: ResultBase, viewer: Viewer) => SearchResult;
};

/** A kind as the engine holds it, whatever its fields (defineKind). */
export type AnyKind<K extends SearchKind = SearchKind> = {
  kind: K;
  fields: Record<string, FieldType>;
  tieBreak?: string;
  sources: (ctx: Ctx) => Source[] | null;
  rows: (ctx: Ctx) => SQL;
  toResult: (row: HitRow & Record<string, unknown>, base: ResultBase, viewer: Viewer) => SearchResult;
};

/** A kind, checked against its own fields, as the engine holds it: kindSelect reads exactly those fields. */
export function defineKind<K extends SearchKind, F extends Record<string, FieldType>>(def: KindDef<K, F>): AnyKind<K> {
  return def as unknown as AnyKind<K>;
}

export const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;
/** Query words as a text[] (letters and digits only, so they need no escaping inside the quotes). */
export const textArray = (items: readonly string[]) => sql`${`{${items.map((t) => `"${t}"`).join(",")}}`}::text[]`;

export const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
export const headline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_SNIPPET})`;
export const titleHeadline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_TITLE})`;
/**
 * The query as a value in each WHERE, already a tsquery: the statements run from generic plans
 * (searchStatements), which would call to_tsquery on its text for every row tested.
 */
const tsquery = (ctx: Ctx) => sql`${ctx.tsq}::tsquery`;

export function dateRange(col: SQL, f: SearchFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${col} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${col} < ${f.to}::date + 1`);
  return parts;
}

export const hasDateFilter = (f: SearchFilters) => !!(f.from || f.to);

/** A source's condition: its vector matches `q` (a tsquery) and its own conditions hold. */
export const sourceMatches = (s: Source, q: SQL) =>
  sql.join([sql`${s.vector} @@ ${q}`, ...(s.where ?? [])], sql` and `);

/**
 * A source's first `candidates` matches, read as lib/search/plan.ts decides for its table and the
 * query's words:
 * - from the index, for the rarest term only (the other terms are tested on the rows it returns); the
 *   table is read in a subquery of its own (`offset 0` keeps the planner from merging it), so the
 *   index is the only way in (the search's transaction turns sequential scans off, searchStatements):
 *   with the viewer's conditions beside it, the planner once walked a whole index of menus and dates
 *   for a rare word, testing every row;
 * - from the newest rows, when the words are common: at most `rows` of them in primary-key order,
 *   then, only if fewer than `candidates` matched (the one-time filter on their count), the index.
 * A source joined to other tables (comments, documents) is read the same way, then joined, unless
 * it is marked `planner` (a kind with few documents: the planner starts from those).
 */
export function sourceHits(ctx: Ctx, s: Source): SQL {
  const q = tsquery(ctx);
  const where = sourceMatches(s, q);
  const rank = s.weight
    ? sql`ts_rank(${s.vector}, ${q}) * ${sql.raw(String(s.weight))}`
    : sql`ts_rank(${s.vector}, ${q})`;
  const columns = sql`${s.id} as id, ${rank} as rank, ${sql.raw(`'${s.src}'`)} as src, ${s.srcId ?? sql`null`}::int as src_id, ${s.srcPos ?? sql`null`}::int as src_pos, ${sql.raw(s.formKey ? `'${s.formKey}'` : "null")}::text as form_key`;
  const limit = ctx.candidates;
  const table = sql.raw(`${s.table} ${s.alias}`);
  const join = s.join ?? sql``;
  if (s.planner) return sql`(select ${columns} from ${table} ${join} where ${where} limit ${limit})`;
  const plan = readPlan(ctx.stats.tables.get(s.table), ctx.terms, ctx.candidates);
  const indexQuery = plan.term ? sql`${termText(plan.term)}::tsquery` : q;
  const indexed = sql`(select * from ${table} where ${s.vector} @@ ${indexQuery} offset 0) ${sql.raw(s.alias)} ${join}`;
  if (plan.how === "index") return sql`(select ${columns} from ${indexed} where ${where} limit ${limit})`;
  const newest = sql`(select * from ${table} order by ${sql.raw(s.newest ?? `${s.alias}.id desc`)} limit ${plan.rows}) ${sql.raw(s.alias)} ${join}`;
  return sql`(with newest as (select ${columns} from ${newest} where ${where} limit ${limit})
    select * from newest
    union all
    (select ${columns} from ${indexed} where ${where} and (select count(*) from newest) < ${limit} limit ${limit}))`;
}

/** HitRow's columns, in order and typed alike, whichever kind's statement reads them. */
const HIT_COLUMNS =
  "r.id::int as id, r.rank::float8 as rank, r.total::int as total, r.src::text as src, r.title::text as title, r.snippet::text as snippet, r.document_name::text as document_name, r.date::text as date";

/**
 * One kind's page as a select of `kind`, HitRow's columns and the kind's fields: the union of its
 * sources' hits, the best source per id, the total (a window over every hit) and the page, then the
 * page's rows.
 */
export function kindSelect(def: AnyKind, ctx: Ctx): SQL | null {
  const sources = def.sources(ctx);
  if (!sources?.length) return null;
  const fields = Object.entries(def.fields).map(([name, type]) => `, r.${name}::${type} as ${name}`);
  const order = `r.rank desc, r.id desc${def.tieBreak ? `, r.${def.tieBreak}` : ""}`;
  return sql`(select ${sql.raw(`'${def.kind}'`)}::text as kind, ${sql.raw(HIT_COLUMNS + fields.join(""))} from (
    with q as (select ${tsquery(ctx)} as q),
    hits as (${sql.join(
      sources.map((s) => sourceHits(ctx, s)),
      sql` union all `,
    )}),
    best as (select distinct on (form_key, id) id, rank, src, src_id, src_pos, form_key from hits order by form_key, id, rank desc),
    h as (select best.*, count(*) over () as total from best order by rank desc, id desc, form_key limit ${ctx.limit} offset ${ctx.offset})
    ${def.rows(ctx)}) r order by ${sql.raw(order)})`;
}

/** A result's title as plain text (without its marks). */
export const plainTitle = (base: ResultBase) => base.title.map((s) => s.text).join("");

/** A kind's row as a result: the parts every kind shares, then the kind's own (its toResult). */
export function toResult(def: AnyKind, row: HitRow & Record<string, unknown>, viewer: Viewer): SearchResult {
  const base: ResultBase = {
    kind: def.kind,
    id: Number(row.id),
    title: splitHighlight(row.title ?? ""),
    snippet: row.snippet ? splitHighlight(row.snippet) : [],
    date: row.date,
    source: row.src,
    ...(row.document_name ? { documentName: row.document_name } : {}),
  };
  return def.toResult(row, base, viewer);
}

/** The planner settings of a search's statements (searchStatements). */
export const SEARCH_SETTINGS = { enable_seqscan: "off", jit: "off" };

/** A row of a kind's statement (kindSelect): its kind, HitRow's columns, the kind's fields. */
export type KindRow = HitRow & { kind: SearchKind } & Record<string, unknown>;

/**
 * Runs a search's statements. It first asks PostgreSQL for the query as it normalizes it (its stems,
 * which the tables' statistics are kept in); `build` makes the statements from that text and its terms.
 * A query of stop words only ('the') has no terms and finds nothing.
 *
 * The statements run from plans PostgreSQL keeps (lib/db/prepared.ts): planning a kind's statement
 * can take longer than running it. Their shape is fixed by their text: each source is fenced (sourceHits) and read
 * as lib/search/plan.ts decided, so a plan made without the words fits every query of that text.
 *
 * Each statement runs in a transaction with two planner settings:
 * - no sequential scans: each source reads its table through an index or in primary-key order
 *   (sourceHits);
 * - no JIT: a plan holding a disabled scan (the menus, a handful of rows, have no index to read
 *   instead) costs over 10^10, far above jit_above_cost, and PostgreSQL then spent 200 to 250 ms
 *   compiling each such statement (measured at a million posts).
 * Each statement has a transaction (and a connection) of its own, so the kinds run side by side.
 */
export async function searchStatements(
  db: Db,
  tsq: string,
  build: (tsq: string, terms: Term[] | null) => SQL[],
): Promise<KindRow[]> {
  const [normalized] = rowsOf<{ q: string }>(
    await db.execute(sql`select to_tsquery('english'::regconfig, ${tsq})::text as q`),
  );
  const text = normalized?.q ?? "";
  if (!text) return [];
  const statements = build(text, parseTsQuery(text));
  return (await Promise.all(statements.map((s) => readWithKeptPlans<KindRow>(db, SEARCH_SETTINGS, [s])))).flat(2);
}
