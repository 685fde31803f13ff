import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { listVisibleMenus, type VisibleMenus } from "@/lib/menus/queries";
import { pageHref } from "@/lib/content/page-href";
import { tabsOf } from "@/lib/content/tabs";
import { SEARCH_MAX } from "@/lib/content/basics";
import type { ContentTab } from "@/lib/content/basics";
import { HEADLINE_SNIPPET, HEADLINE_TITLE, plainSegments, splitHighlight } from "./highlight";
import { parseQuery, toTsQueryText, typoCandidates } from "./query";
import { VECTOR } from "./vectors";
import { SEARCH_KINDS, type KindPage, type MatchSource, type SearchKind, type SearchResult } from "./types";

/**
 * Portal-wide search (issue 24): PostgreSQL full-text search over weighted expression indexes
 * (lib/search/vectors.ts), the last word as a prefix, a word found in no title looked up by trigram
 * similarity in the typo lexicon. Every kind's query carries the viewer's visibility rules in its WHERE:
 * menus by the sidebar's rule (lib/menus listVisibleMenus), inactive events only for the roles that see
 * event status, staff-form records only for the roles that manage them, people as the directory shows
 * them (not deleted, active). Nothing is filtered after the query.
 *
 * Each kind ranks at most CANDIDATES matches (the GIN index gives them unordered): a word that matches
 * more rows than that is ranked within the first CANDIDATES found, and the total says "1,000+".
 */
export const CANDIDATES = 1000;
/**
 * The header box ranks fewer: its few suggestions per kind come from the first SUGGEST_CANDIDATES
 * matches of each source. Ranking reads every candidate's text again (the indexes are on expressions),
 * so this is most of a common prefix's cost (bench/search.ts).
 */
export const SUGGEST_CANDIDATES = 100;
export const PAGE_SIZE = 20;
export const SUGGEST_PER_KIND = 5;

export type SearchFilters = {
  /** Inclusive dates (YYYY-MM-DD) on the result's date; results without a date (pages, people) are left out when set. */
  from?: string;
  to?: string;
};

type Viewer = { user: SessionUser; menus: VisibleMenus; seeInactiveEvents: boolean; seeForms: boolean; seePeopleAdmin: boolean };

type Ctx = { tsq: string; viewer: Viewer; filters: SearchFilters; limit: number; offset: number; candidates: number };

/** What a kind's statement returns per row (every value as text or a number, the same on both drivers). */
type Row = {
  id: number;
  rank: number;
  total: number;
  src: string;
  title: string;
  snippet: string | null;
  document_name: string | null;
  date: string | null;
  slug: string | null;
  page_types: string | null;
  group_id: number | null;
  extra: string | null;
  extra2: string | null;
};

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const v = (k: keyof typeof VECTOR) => sql.raw(VECTOR[k]);
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;
const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const headline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_SNIPPET})`;
const titleHeadline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_TITLE})`;

function dateRange(col: SQL, f: SearchFilters): SQL {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${col} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${col} < ${f.to}::date + 1`);
  return parts.length ? sql` and ${sql.join(parts, sql` and `)}` : sql``;
}

const hasDateFilter = (f: SearchFilters) => !!(f.from || f.to);

/**
 * The page of one kind: `hits` are the union of its sources (id, rank, src, src_id, src_pos), each
 * capped at CANDIDATES; the best source per id wins; `select` reads the page's rows (alias `h` for the hit,
 * `q` for the query). One statement: hits, total, page and snippets.
 */
function pageStatement(ctx: Ctx, hits: SQL, select: SQL): SQL {
  return sql`
    with q as (select to_tsquery('english'::regconfig, ${ctx.tsq}) as q),
    hits as (${hits}),
    best as (select distinct on (id) id, rank, src, src_id, src_pos from hits order by id, rank desc),
    counted as (select best.*, count(*) over () as total from best),
    h as (select * from counted order by rank desc, id desc limit ${ctx.limit} offset ${ctx.offset})
    ${select}
    order by h.rank desc, h.id desc`;
}


// ---------------------------------------------------------------------------------------------- kinds

function menuPages(ctx: Ctx): SQL | null {
  if (hasDateFilter(ctx.filters) || !ctx.viewer.menus.all.length) return null;
  const hits = sql`select m.id, ts_rank(setweight(to_tsvector('english'::regconfig, m.title::text), 'A'), q.q) as rank, 'title' as src, null::int as src_id, null::int as src_pos
    from menus m, q where m.id = any(${intArray(ctx.viewer.menus.all)}) and to_tsvector('english'::regconfig, m.title::text) @@ q.q limit ${sql.raw(String(ctx.candidates))}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src, ${titleHeadline(sql`m.title::text`)} as title, null as snippet, null as document_name, null as date,
      m.slug, null as page_types, null::int as group_id, m.url as extra, p.title as extra2
      from h join menus m on m.id = h.id left join menus p on p.id = m.parent_id, q`,
  );
}

/** Documents (content_documents) of an owner column: their file names and their extracted passages. */
function documentHits(ctx: Ctx, ownerCol: "post_id" | "attachment_id" | "save_the_date_id", ownerJoin: SQL): SQL {
  const col = sql.raw(ownerCol);
  return sql`
    (select d.${col} as id, ts_rank(${v("contentDocuments")}, q.q) * 0.9 as rank, 'file-name' as src, d.id as src_id, null::int as src_pos
      from content_documents d ${ownerJoin}, q where ${v("contentDocuments")} @@ q.q and d.${col} is not null and o.menu_id = any(${intArray(ctx.viewer.menus.content)}) ${ownerDate(ctx, ownerCol)} limit ${sql.raw(String(ctx.candidates))})
    union all
    (select d.${col} as id, ts_rank(ch.search_vector, q.q) as rank, 'document' as src, d.id as src_id, ch.position as src_pos
      from file_text_chunks ch join content_documents d on d.file_id = ch.file_id ${ownerJoin}, q
      where ch.search_vector @@ q.q and d.${col} is not null and o.menu_id = any(${intArray(ctx.viewer.menus.content)}) ${ownerDate(ctx, ownerCol)} limit ${sql.raw(String(ctx.candidates))})`;
}

function ownerDate(ctx: Ctx, ownerCol: string): SQL {
  return dateRange(ownerCol === "save_the_date_id" ? sql`o.event_date` : sql`o.updated_at`, ctx.filters);
}

/** The snippet and file name of a document source, for the page's rows. */
const documentSnippet = sql`case h.src
    when 'document' then (select ${headline(sql`ch.content`)} from content_documents d join file_text_chunks ch on ch.file_id = d.file_id where d.id = h.src_id and ch.position = h.src_pos)
    when 'file-name' then null end`;
const documentName = sql`case when h.src in ('document', 'file-name') then (select d.name from content_documents d where d.id = h.src_id) end`;

function posts(ctx: Ctx): SQL | null {
  const menus = intArray(ctx.viewer.menus.content);
  if (!ctx.viewer.menus.content.length) return null;
  const date = dateRange(sql`p.updated_at`, ctx.filters);
  const hits = sql`
    (select p.id, ts_rank(${v("posts")}, q.q) as rank, 'text' as src, null::int as src_id, null::int as src_pos
      from posts p, q where ${v("posts")} @@ q.q and p.menu_id = any(${menus}) ${date} limit ${sql.raw(String(ctx.candidates))})
    union all
    (select c.post_id as id, ts_rank(${v("comments")}, q.q) as rank, 'comment' as src, c.id as src_id, null::int as src_pos
      from comments c join posts p on p.id = c.post_id, q where ${v("comments")} @@ q.q and p.menu_id = any(${menus}) ${date} limit ${sql.raw(String(ctx.candidates))})
    union all
    ${documentHits(ctx, "post_id", sql`join posts o on o.id = d.post_id`)}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src, ${titleHeadline(sql`p.title::text`)} as title,
      case h.src when 'text' then ${headline(sql`p.description`)}
        when 'comment' then (select ${headline(sql`c.comment`)} from comments c where c.id = h.src_id)
        else ${documentSnippet} end as snippet,
      ${documentName} as document_name, ${iso(sql`p.updated_at`)} as date, m.slug, m.page_types::text as page_types, null::int as group_id, m.title as extra, null as extra2
      from h join posts p on p.id = h.id join menus m on m.id = p.menu_id, q`,
  );
}

function attachments(ctx: Ctx): SQL | null {
  const menus = intArray(ctx.viewer.menus.content);
  if (!ctx.viewer.menus.content.length) return null;
  const date = dateRange(sql`a.updated_at`, ctx.filters);
  const hits = sql`
    (select a.id, ts_rank(${v("attachments")}, q.q) as rank, 'title' as src, null::int as src_id, null::int as src_pos
      from attachments a, q where ${v("attachments")} @@ q.q and a.menu_id = any(${menus}) ${date} limit ${sql.raw(String(ctx.candidates))})
    union all
    ${documentHits(ctx, "attachment_id", sql`join attachments o on o.id = d.attachment_id`)}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src, ${titleHeadline(sql`a.title::text`)} as title,
      ${documentSnippet} as snippet, ${documentName} as document_name, ${iso(sql`a.updated_at`)} as date,
      m.slug, m.page_types::text as page_types, a.group_id, m.title as extra, g.name as extra2
      from h join attachments a on a.id = h.id join menus m on m.id = a.menu_id left join attachment_groups g on g.id = a.group_id, q`,
  );
}

function saveTheDates(ctx: Ctx): SQL | null {
  const menus = intArray(ctx.viewer.menus.content);
  if (!ctx.viewer.menus.content.length) return null;
  const date = dateRange(sql`s.event_date`, ctx.filters);
  const hits = sql`
    (select s.id, ts_rank(${v("saveTheDates")}, q.q) as rank, 'text' as src, null::int as src_id, null::int as src_pos
      from save_the_dates s, q where ${v("saveTheDates")} @@ q.q and s.menu_id = any(${menus}) ${date} limit ${sql.raw(String(ctx.candidates))})
    union all
    ${documentHits(ctx, "save_the_date_id", sql`join save_the_dates o on o.id = d.save_the_date_id`)}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src, ${titleHeadline(sql`s.title::text`)} as title,
      case h.src when 'text' then ${headline(sql`s.description`)} else ${documentSnippet} end as snippet,
      ${documentName} as document_name, s.event_date::text as date, m.slug, m.page_types::text as page_types, null::int as group_id, m.title as extra, null as extra2
      from h join save_the_dates s on s.id = h.id join menus m on m.id = s.menu_id, q`,
  );
}

function events(ctx: Ctx): SQL | null {
  if (!ctx.viewer.menus.calendarSlug) return null;
  const status = ctx.viewer.seeInactiveEvents ? sql`` : sql` and e.status = 'active'`;
  const f = ctx.filters;
  const date = hasDateFilter(f)
    ? sql` and tstzrange(e.occurs_from, e.occurs_until, '[]') && tstzrange(${f.from ?? null}::date::timestamptz, (${f.to ?? null}::date + 1)::timestamptz, '[)')`
    : sql``;
  const hits = sql`select e.id, ts_rank(${v("calendarEvents")}, q.q) as rank, 'text' as src, null::int as src_id, null::int as src_pos
    from calendar_events e, q where ${v("calendarEvents")} @@ q.q ${status} ${date} limit ${sql.raw(String(ctx.candidates))}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src, ${titleHeadline(sql`e.title::text`)} as title,
      ${headline(sql`(e.description || ' ' || e.contact_person || ' ' || e.contact_email || ' ' || e.contact_number)`)} as snippet, null as document_name,
      ${iso(sql`coalesce(e.starts_at, e.occurs_from)`)} as date, null as slug, null as page_types, null::int as group_id, k.name as extra, e.status::text as extra2
      from h join calendar_events e on e.id = h.id join calendar_keys k on k.id = e.calendar_key_id, q`,
  );
}

function people(ctx: Ctx): SQL | null {
  if (hasDateFilter(ctx.filters)) return null;
  const live = sql`u.deleted_at is null and u.status = 'active'`;
  const hits = sql`
    (select u.id, ts_rank(${v("users")}, q.q) as rank, 'title' as src, null::int as src_id, null::int as src_pos
      from users u, q where ${v("users")} @@ q.q and ${live} limit ${sql.raw(String(ctx.candidates))})
    union all
    (select u.id, ts_rank(${v("locations")}, q.q) * 0.5 as rank, 'text' as src, null::int as src_id, null::int as src_pos
      from locations l join users u on u.location_id = l.id, q where ${v("locations")} @@ q.q and ${live} limit ${sql.raw(String(ctx.candidates))})`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, h.src,
      ${titleHeadline(sql`nullif(trim(u.first_name || ' ' || u.last_name), '')`)} as title, null as snippet, null as document_name, null as date,
      u.username as slug, null as page_types, null::int as group_id, coalesce(u.post, '') as extra, coalesce(l.name, '') as extra2
      from h join users u on u.id = h.id left join locations l on l.id = u.location_id, q`,
  );
}

/** Staff-form records: only the roles that manage staff forms (the same rule as their lists). */
function forms(ctx: Ctx): SQL | null {
  if (!ctx.viewer.seeForms) return null;
  const part = (table: string, key: string, vector: keyof typeof VECTOR, dateCol: string) =>
    sql`(select t.id * 4 + ${sql.raw(key)} as id, ts_rank(${v(vector)}, q.q) as rank, 'text' as src, t.id as src_id, null::int as src_pos
      from ${sql.raw(table)} t, q where ${v(vector)} @@ q.q ${dateRange(sql.raw(`t.${dateCol}`), ctx.filters)} limit ${sql.raw(String(ctx.candidates))})`;
  // One id space for the four tables (id * 4 + table): `h.id % 4` says which, `src_id` is the row's id.
  const hits = sql`${part("ro_reversals", "0", "roReversals", "date_of_request")} union all ${part("tech_times", "1", "techTimes", "date")}
    union all ${part("improvement_suggestions", "2", "improvementSuggestions", "date")} union all ${part("uniform_requests", "3", "uniformRequests", "updated_at")}`;
  return pageStatement(
    ctx,
    hits,
    sql`select h.id, h.rank::float8 as rank, h.total::int as total, (h.id % 4)::text as src,
      case h.id % 4
        when 0 then (select ${titleHeadline(sql`t.employee_name || ' · ' || t.full_ra`)} from ro_reversals t where t.id = h.src_id)
        when 1 then (select ${titleHeadline(sql`t.employee_name || ' · ' || t.employee_number`)} from tech_times t where t.id = h.src_id)
        when 2 then (select ${titleHeadline(sql`t.name::text`)} from improvement_suggestions t where t.id = h.src_id)
        else (select ${titleHeadline(sql`t.employee_first_name || ' ' || t.employee_last_name`)} from uniform_requests t where t.id = h.src_id) end as title,
      case h.id % 4
        when 0 then (select ${headline(sql`t.reason`)} from ro_reversals t where t.id = h.src_id)
        when 1 then (select ${headline(sql`t.employee_email::text`)} from tech_times t where t.id = h.src_id)
        when 2 then (select ${headline(sql`coalesce(t.describe_current_process_and_problem, '') || ' ' || coalesce(t.how_will_it_benefit, '')`)} from improvement_suggestions t where t.id = h.src_id)
        else (select ${headline(sql`t.requestor_name || ' ' || t.comment`)} from uniform_requests t where t.id = h.src_id) end as snippet,
      null as document_name,
      case h.id % 4
        when 0 then (select t.date_of_request::text from ro_reversals t where t.id = h.src_id)
        when 1 then (select t.date::text from tech_times t where t.id = h.src_id)
        when 2 then (select t.date::text from improvement_suggestions t where t.id = h.src_id)
        else (select ${iso(sql`t.updated_at`)} from uniform_requests t where t.id = h.src_id) end as date,
      null as slug, null as page_types, h.src_id as group_id,
      case h.id % 4 when 3 then (select t.employee_first_name || ' ' || t.employee_last_name from uniform_requests t where t.id = h.src_id) end as extra, null as extra2
      from h, q`,
  );
}

const STATEMENTS: Record<SearchKind, (ctx: Ctx) => SQL | null> = {
  page: menuPages,
  post: posts,
  attachment: attachments,
  "save-the-date": saveTheDates,
  event: events,
  person: people,
  form: forms,
};

// ------------------------------------------------------------------------------------------ results

const FORM_NAMES = ["RO Reversal", "Tech Time", "Continuous Improvement Suggestion", "Uniform Request"];

function contentHref(r: Row, tab: ContentTab, title: string): string {
  const tabs = tabsOf(parseIntArray(r.page_types));
  return pageHref(r.slug ?? "", tabs, { tab, q: "", sort: "newest", page: 1, group: null, view: "grid" }, { q: title.slice(0, SEARCH_MAX), group: r.group_id });
}

function parseIntArray(text: string | null): number[] {
  return (text ?? "").replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

function toResult(kind: SearchKind, r: Row, viewer: Viewer): SearchResult {
  const title = splitHighlight(r.title ?? "");
  const plainTitle = title.map((s) => s.text).join("");
  const snippet = r.snippet ? splitHighlight(r.snippet) : [];
  const base = { kind, id: Number(r.id), title, snippet, date: r.date, source: r.src as MatchSource, ...(r.document_name ? { documentName: r.document_name } : {}) };
  switch (kind) {
    case "page":
      return { ...base, href: r.extra ?? `/${r.slug}`, ...(r.extra ? { external: true } : {}), context: r.extra2 ? `Under ${r.extra2}` : "Menu page", source: "title" };
    case "post":
      return { ...base, href: `/${r.slug}/post/${r.id}`, context: r.extra ?? "" };
    case "attachment":
      return { ...base, href: contentHref(r, "attachment", plainTitle), context: [r.extra, r.extra2].filter(Boolean).join(" · ") };
    case "save-the-date":
      return { ...base, href: contentHref(r, "save-the-date", plainTitle), context: r.extra ?? "" };
    case "event":
      return { ...base, href: `/${viewer.menus.calendarSlug}?event=${r.id}`, context: [r.extra, r.extra2 === "inactive" ? "Inactive" : null].filter(Boolean).join(" · ") };
    case "person": {
      const name = plainTitle || r.slug || "";
      return {
        ...base,
        title: title.length ? title : plainSegments(name),
        href: viewer.seePeopleAdmin ? `/updateusers/${r.id}` : `/search?kind=person&q=${encodeURIComponent(name)}`,
        context: [r.extra, r.extra2].filter(Boolean).join(" · "),
        date: null,
      };
    }
    case "form": {
      const which = Number(r.src);
      const id = Number(r.group_id);
      const href = [
        `/roreversal/edit/${id}`,
        `/techtime/edit/${id}`,
        `/continuous/improvement/suggestions/edit/${id}`,
        `/uniform/request/list?f_employee_name=${encodeURIComponent(r.extra ?? "")}&f_range=all`,
      ][which];
      return { ...base, id, href, context: FORM_NAMES[which], source: "text" };
    }
  }
}

async function viewerOf(user: SessionUser): Promise<Viewer> {
  return {
    user,
    menus: await listVisibleMenus({ roleId: user.roleId, stamp: user.configStamp }),
    seeInactiveEvents: roleCan(user.roleId, "seeEventStatus"),
    seeForms: roleCan(user.roleId, "manageStaffForms"),
    seePeopleAdmin: roleCan(user.roleId, "manageBackOffice"),
  };
}

/**
 * Close words for the query's words that no title starts with (the last word, maybe half typed) or
 * equals (the others): up to 3 each from the typo lexicon, by trigram similarity (pg_trgm `%`, its
 * index). A word that is known is taken as typed.
 */
async function typoAlternatives(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const candidates = typoCandidates(tokens);
  const out = new Map<string, string[]>();
  if (!candidates.length) return out;
  const last = tokens[tokens.length - 1];
  const list = `{${candidates.map((t) => `"${t}"`).join(",")}}`;
  const rows = rowsOf<{ tok: string; word: string }>(
    await db.execute(sql`
      select t.tok, w.word from unnest(${list}::text[]) as t(tok)
      cross join lateral (
        select s.word from search_words s where s.word % t.tok and s.word <> t.tok order by similarity(s.word, t.tok) desc, s.word limit 3
      ) w
      where not exists (
        select 1 from search_words k
        where case when t.tok = ${last} then k.word like replace(replace(replace(t.tok, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' else k.word = t.tok end
      )`),
  );
  for (const r of rows) {
    const alts = out.get(r.tok) ?? [];
    // Only words of letters and digits join the tsquery (the lexicon's words are split the same way).
    if (/^[\p{L}\p{N}]+$/u.test(r.word)) alts.push(r.word);
    out.set(r.tok, alts);
  }
  return out;
}

type Prepared = { tsq: string; viewer: Viewer } | null;

async function prepare(db: Db, q: unknown, user: SessionUser): Promise<Prepared> {
  const { tokens } = parseQuery(q);
  if (!tokens.length) return null;
  const [alternatives, viewer] = await Promise.all([typoAlternatives(db, tokens), viewerOf(user)]);
  return { tsq: toTsQueryText(tokens, alternatives), viewer };
}

async function runKind(db: Db, kind: SearchKind, prepared: NonNullable<Prepared>, filters: SearchFilters, limit: number, offset: number, candidates = CANDIDATES): Promise<KindPage> {
  const statement = STATEMENTS[kind]({ tsq: prepared.tsq, viewer: prepared.viewer, filters, limit, offset, candidates });
  if (!statement) return { kind, results: [], total: 0, totalCapped: false };
  const rows = rowsOf<Row>(await db.execute(statement));
  const total = rows.length ? Number(rows[0].total) : offset > 0 ? await countOnly(db, kind, prepared, filters) : 0;
  return { kind, results: rows.map((r) => toResult(kind, r, prepared.viewer)), total, totalCapped: total >= candidates };
}

/** A page past the end still reports the total (for the pager). */
async function countOnly(db: Db, kind: SearchKind, prepared: NonNullable<Prepared>, filters: SearchFilters): Promise<number> {
  const statement = STATEMENTS[kind]({ tsq: prepared.tsq, viewer: prepared.viewer, filters, limit: 1, offset: 0, candidates: CANDIDATES });
  if (!statement) return 0;
  const rows = rowsOf<Row>(await db.execute(statement));
  return rows.length ? Number(rows[0].total) : 0;
}

/**
 * Suggestions as you type: the best few of every kind the viewer may see, grouped in SEARCH_KINDS
 * order (kinds without results left out). Empty for a query with nothing to search.
 */
export async function suggest({ q, user, perKind = SUGGEST_PER_KIND }: { q: unknown; user: SessionUser; perKind?: number }): Promise<KindPage[]> {
  const db = await getDb();
  const prepared = await prepare(db, q, user);
  if (!prepared) return [];
  const pages = await Promise.all(SEARCH_KINDS.map((kind) => runKind(db, kind, prepared, {}, perKind, 0, SUGGEST_CANDIDATES)));
  return pages.filter((p) => p.results.length);
}

/** The results page: one kind's page (PAGE_SIZE a page), or, without a kind, every kind's first results. */
export async function searchPage({
  q,
  user,
  kind,
  page = 1,
  filters = {},
}: {
  q: unknown;
  user: SessionUser;
  kind?: SearchKind;
  page?: number;
  filters?: SearchFilters;
}): Promise<KindPage[]> {
  const db = await getDb();
  const prepared = await prepare(db, q, user);
  if (!prepared) return [];
  if (kind) return [await runKind(db, kind, prepared, filters, PAGE_SIZE, (Math.max(1, page) - 1) * PAGE_SIZE)];
  const pages = await Promise.all(SEARCH_KINDS.map((k) => runKind(db, k, prepared, filters, SUGGEST_PER_KIND, 0)));
  return pages.filter((p) => p.results.length);
}
