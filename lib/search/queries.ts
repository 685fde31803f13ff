import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { readWithKeptPlans } from "@/lib/db/prepared";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { listVisibleMenus, type VisibleMenus } from "@/lib/menus/queries";
import { pageHref } from "@/lib/content/page-href";
import { tabsOf } from "@/lib/content/tabs";
import { audienceColumnsOfAlias, seesAllContent, visibleTo } from "@/lib/content/visibility";
import { SEARCH_MAX } from "@/lib/content/basics";
import type { ContentTab } from "@/lib/content/basics";
import { HEADLINE_SNIPPET, HEADLINE_TITLE, plainSegments, splitHighlight } from "./highlight";
import { parseQuery, toTsQueryText, typoCandidates } from "./schemas";
import { SEARCH_KINDS, type KindPage, type MatchSource, type SearchKind, type SearchResult } from "./types";
import { parseTsQuery, readPlan, termText, type Term } from "./plan";
import { searchTableStats, type SearchStats } from "./stats";
import { SEARCH_VECTOR_TABLES } from "./vectors";
import { FORM_KEYS, isFormKey, type FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";
import { STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { shownOccurrenceMs, type Recurrence } from "@/lib/calendar/recurrence";
import { personName } from "@/lib/users/display-name";

/**
 * Portal-wide search (docs/features/search.md): PostgreSQL full-text search over the stored, GIN-indexed
 * `search_vector` columns (lib/search/vectors.ts), the last word as a prefix, a word found in no title
 * looked up by trigram similarity in the typo lexicon. Every kind's sources carry the viewer's
 * visibility rules in their WHERE: menus by the sidebar's rule (lib/menus listVisibleMenus), inactive
 * events only for the roles that see event status, staff-form records only for the roles that manage
 * them, people as the directory shows them (not deleted, active). Nothing is filtered after the query.
 *
 * Each kind is one definition (KINDS: its sources and how its rows read); one search answers every
 * kind asked for (the header's suggestions, the results page's first results), with each kind's total.
 *
 * Each source ranks at most CANDIDATES matches: a word that matches more rows than that is ranked
 * within the first CANDIDATES found (for a common word, the newest: sourceHits), and the total says
 * "1,000+".
 */
export const CANDIDATES = 1000;
/** The header box ranks fewer: its few suggestions per kind come from the first SUGGEST_CANDIDATES matches of each source. */
export const SUGGEST_CANDIDATES = 100;
export const PAGE_SIZE = 20;
export const SUGGEST_PER_KIND = 5;

export type SearchFilters = {
  /** Inclusive dates (YYYY-MM-DD) on the result's date; results without a date (pages, people) are left out when set. */
  from?: string;
  to?: string;
};

type Viewer = {
  user: SessionUser;
  menus: VisibleMenus;
  seeInactiveEvents: boolean;
  seeForms: boolean;
  seePeopleAdmin: boolean;
};

/**
 * A search's context: the query as PostgreSQL normalized it (`tsq`, a tsquery's text: its stems) and
 * as its terms (`terms`; null when not known), the tables' statistics, the viewer, the page.
 */
type Ctx = {
  tsq: string;
  terms: Term[] | null;
  stats: SearchStats;
  viewer: Viewer;
  filters: SearchFilters;
  limit: number;
  offset: number;
  candidates: number;
};

/** What a kind's rows hold (every value as text or a number, the same on both drivers). */
type Row = {
  kind: SearchKind;
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

/** The columns of Row after `kind`, in order and typed alike, whichever kind's statement reads them. */
const ROW_COLUMNS = sql.raw(
  "r.id::int as id, r.rank::float8 as rank, r.total::int as total, r.src::text as src, r.title::text as title, r.snippet::text as snippet, r.document_name::text as document_name, r.date::text as date, r.slug::text as slug, r.page_types::text as page_types, r.group_id::int as group_id, r.extra::text as extra, r.extra2::text as extra2",
);

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;
/** Query words as a text[] (letters and digits only, so they need no escaping inside the quotes). */
const textArray = (items: readonly string[]) => sql`${`{${items.map((t) => `"${t}"`).join(",")}}`}::text[]`;
/**
 * A recurring event's series as one text (page_types is otherwise unused for events), so the result can
 * show the next occurrence rather than the first: recurrence|weekdays|interval|start ms|end ms|last date|zone.
 */
const seriesText = sql`case when e.type = 'recursive' then concat_ws('|', e.recurrence::text, coalesce(array_to_string(e.days_of_week, ','), ''), e.repeat_interval::text,
  (date_part('epoch', e.starts_at) * 1000)::int8::text, coalesce(((date_part('epoch', e.ends_at) * 1000)::int8)::text, ''), coalesce(to_char(e.repeat_until, 'YYYY-MM-DD'), ''), e.time_zone) end`;

/** The date an event result shows: a series' next occurrence (or its last, once finished). */
function eventDate(r: { date: string | null; page_types: string | null }): string | null {
  if (!r.page_types) return r.date;
  const [recurrence, days, interval, start, end, until, timeZone] = r.page_types.split("|");
  const o = shownOccurrenceMs(
    {
      type: "recursive",
      recurrence: recurrence as Recurrence,
      daysOfWeek: days ? days.split(",").map(Number) : null,
      interval: Number(interval) || 1,
      startMs: Number(start),
      endMs: end ? Number(end) : null,
      repeatUntil: until || null,
      timeZone,
    },
    Date.now(),
  );
  return o ? new Date(o.start).toISOString().replace(/\.\d{3}Z$/, "Z") : r.date;
}

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
const headline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_SNIPPET})`;
const titleHeadline = (text: SQL) => sql`ts_headline('english'::regconfig, ${text}, q.q, ${HEADLINE_TITLE})`;
/**
 * The query as a value in each WHERE, already a tsquery: the statements run from generic plans
 * (searchStatements), which would call to_tsquery on its text for every row tested.
 */
const tsquery = (ctx: Ctx) => sql`${ctx.tsq}::tsquery`;

function dateRange(col: SQL, f: SearchFilters): SQL[] {
  const parts: SQL[] = [];
  if (f.from) parts.push(sql`${col} >= ${f.from}::date`);
  if (f.to) parts.push(sql`${col} < ${f.to}::date + 1`);
  return parts;
}

const hasDateFilter = (f: SearchFilters) => !!(f.from || f.to);

/**
 * One source of a kind's hits: the rows of `table` (as `alias`, with `join`) whose `vector` matches the
 * query and `where` holds, each naming the kind's row (`id`), where the words were found (`src`) and,
 * for a comment or a passage, which one (`srcId`, `srcPos`), and for a staff-form record its form (`formKey`). `newest` orders the
 * table newest first (its primary key, descending) for reading a common word's matches (sourceHits).
 */
type Source = {
  src: MatchSource | "text";
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

/**
 * A kind: its sources for the viewer and filters (null when the viewer may not see the kind or the
 * filters leave it out), and the select that reads a page of rows: alias `h` for the hit (id, rank,
 * total, src, src_id, src_pos, form_key), `q` for the query; the columns of Row after `kind`.
 */
type KindDef = { sources: (ctx: Ctx) => Source[] | null; rows: (ctx: Ctx) => SQL };

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
function sourceHits(ctx: Ctx, s: Source): SQL {
  const q = tsquery(ctx);
  const where = sql.join([sql`${s.vector} @@ ${q}`, ...(s.where ?? [])], sql` and `);
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

/**
 * One kind's page as a select of `kind` and Row's columns: the union of its sources' hits, the best
 * source per id, the total (a window over every hit) and the page, then the page's rows.
 */
function kindSelect(kind: SearchKind, ctx: Ctx): SQL | null {
  const def = KINDS[kind];
  const sources = def.sources(ctx);
  if (!sources?.length) return null;
  return sql`(select ${sql.raw(`'${kind}'`)}::text as kind, ${ROW_COLUMNS} from (
    with q as (select ${tsquery(ctx)} as q),
    hits as (${sql.join(
      sources.map((s) => sourceHits(ctx, s)),
      sql` union all `,
    )}),
    best as (select distinct on (form_key, id) id, rank, src, src_id, src_pos, form_key from hits order by form_key, id, rank desc),
    h as (select best.*, count(*) over () as total from best order by rank desc, id desc, form_key limit ${ctx.limit} offset ${ctx.offset})
    ${def.rows(ctx)}) r order by r.rank desc, r.id desc, r.src)`;
}

// ---------------------------------------------------------------------------------------------- kinds

const contentMenus = (ctx: Ctx) => sql`o.menu_id = any(${intArray(ctx.viewer.menus.content)})`;
/** Posts and attachments: only those addressed to the viewer and published (lib/content/visibility.ts); save-the-dates have no audience. */
const contentAudience = (ctx: Ctx, ownerCol: "post_id" | "attachment_id" | "save_the_date_id"): SQL[] =>
  ownerCol === "save_the_date_id" || seesAllContent(ctx.viewer.user)
    ? []
    : [visibleTo(ctx.viewer.user, audienceColumnsOfAlias("o"))];

/**
 * The documents of a content row (`o`, of `owner`): their file names (content_documents) and the
 * passages of their extracted text (file_text_chunks).
 */
function documentSources(
  ctx: Ctx,
  owner: SQL,
  ownerCol: "post_id" | "attachment_id" | "save_the_date_id",
  ownerWhere: SQL[],
): Source[] {
  const col = sql.raw(ownerCol);
  // A kind with few documents (the statistics' count of them, or none recorded) starts from them
  // (planner): reading a common word's every file name and passage first cost 90 ms of a 'war'
  // suggestion at a million posts, none of them a discussion's. 'is not null' is said outright (the
  // join implies it) so the planner can. A kind with many documents reads them by the words, then joins.
  const planner = (ctx.stats.linked.get(`content_documents.${ownerCol}`) ?? 0) < FEW_DOCUMENTS;
  const where = [sql`d.${col} is not null`, ...ownerWhere];
  return [
    {
      src: "file-name",
      table: "content_documents",
      alias: "d",
      join: sql`join ${owner} o on o.id = d.${col}`,
      vector: sql`d.search_vector`,
      id: sql`d.${col}`,
      where,
      weight: 0.9,
      srcId: sql`d.id`,
      planner,
    },
    {
      src: "document",
      table: "file_text_chunks",
      alias: "ch",
      join: sql`join content_documents d on d.file_id = ch.file_id join ${owner} o on o.id = d.${col}`,
      vector: sql`ch.search_vector`,
      id: sql`d.${col}`,
      where,
      srcId: sql`ch.file_id`,
      srcPos: sql`ch.position`,
      newest: "ch.file_id desc, ch.position desc",
      planner,
    },
  ];
}

/** Fewer linked documents than this: a kind's document sources start from its documents (documentSources). */
const FEW_DOCUMENTS = 2000;

/** The snippet and file name of a document source (`src_id` a file for 'document', a content document for 'file-name'). */
const documentSnippet = sql`case h.src
    when 'document' then (select ${headline(sql`ch.content`)} from file_text_chunks ch where ch.file_id = h.src_id and ch.position = h.src_pos) end`;
const documentName = sql`case h.src
    when 'document' then (select f.original_name from files f where f.id = h.src_id)
    when 'file-name' then (select d.name from content_documents d where d.id = h.src_id) end`;

/** A content kind (post, attachment, save-the-date): its own text, then its documents; only in the menus the viewer may open. */
function contentSources(
  ctx: Ctx,
  own: Source,
  owner: SQL,
  ownerCol: "post_id" | "attachment_id" | "save_the_date_id",
  dateCol: string,
): Source[] | null {
  if (!ctx.viewer.menus.content.length) return null;
  const where = [
    contentMenus(ctx),
    ...contentAudience(ctx, ownerCol),
    ...dateRange(sql.raw(`o.${dateCol}`), ctx.filters),
  ];
  return [{ ...own, where: [...(own.where ?? []), ...where] }, ...documentSources(ctx, owner, ownerCol, where)];
}

const KINDS: Record<SearchKind, KindDef> = {
  page: {
    sources: (ctx) =>
      hasDateFilter(ctx.filters) || !ctx.viewer.menus.all.length
        ? null
        : [
            {
              src: "title",
              table: "menus",
              alias: "m",
              vector: sql`setweight(to_tsvector('english'::regconfig, m.title::text), 'A')`,
              id: sql`m.id`,
              where: [sql`m.id = any(${intArray(ctx.viewer.menus.all)})`],
            },
          ],
    rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`m.title::text`)} as title, null as snippet, null as document_name, null as date,
      m.slug, null as page_types, null::int as group_id, m.url as extra, p.title as extra2
      from h join menus m on m.id = h.id left join menus p on p.id = m.parent_id, q`,
  },
  post: {
    sources: (ctx) => {
      const own = contentSources(
        ctx,
        { src: "text", table: "posts", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
        sql`posts`,
        "post_id",
        "updated_at",
      );
      if (!own) return null;
      const where = [
        contentMenus(ctx),
        ...contentAudience(ctx, "post_id"),
        ...dateRange(sql`o.updated_at`, ctx.filters),
      ];
      return [
        ...own,
        {
          src: "comment",
          table: "comments",
          alias: "c",
          join: sql`join posts o on o.id = c.post_id`,
          vector: sql`c.search_vector`,
          id: sql`c.post_id`,
          where,
          srcId: sql`c.id`,
        },
      ];
    },
    rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`p.title::text`)} as title,
      case h.src when 'text' then ${headline(sql`p.description`)}
        when 'comment' then (select ${headline(sql`c.comment`)} from comments c where c.id = h.src_id)
        else ${documentSnippet} end as snippet,
      ${documentName} as document_name, ${iso(sql`p.updated_at`)} as date, m.slug, m.page_types::text as page_types, null::int as group_id, m.title as extra, null as extra2
      from h join posts p on p.id = h.id join menus m on m.id = p.menu_id, q`,
  },
  attachment: {
    sources: (ctx) =>
      contentSources(
        ctx,
        { src: "title", table: "attachments", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
        sql`attachments`,
        "attachment_id",
        "updated_at",
      ),
    rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`a.title::text`)} as title,
      ${documentSnippet} as snippet, ${documentName} as document_name, ${iso(sql`a.updated_at`)} as date,
      m.slug, m.page_types::text as page_types, a.group_id, m.title as extra, g.name as extra2
      from h join attachments a on a.id = h.id join menus m on m.id = a.menu_id left join attachment_groups g on g.id = a.group_id, q`,
  },
  "save-the-date": {
    sources: (ctx) =>
      contentSources(
        ctx,
        { src: "text", table: "save_the_dates", alias: "o", vector: sql`o.search_vector`, id: sql`o.id` },
        sql`save_the_dates`,
        "save_the_date_id",
        "event_date",
      ),
    rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`s.title::text`)} as title,
      case h.src when 'text' then ${headline(sql`s.description`)} else ${documentSnippet} end as snippet,
      ${documentName} as document_name, s.event_date::text as date, m.slug, m.page_types::text as page_types, null::int as group_id, m.title as extra, null as extra2
      from h join save_the_dates s on s.id = h.id join menus m on m.id = s.menu_id, q`,
  },
  event: {
    // The event's text, and the passages of the files attached to it.
    sources: (ctx) => {
      if (!ctx.viewer.menus.calendarSlug) return null;
      const f = ctx.filters;
      const where = [
        ...(ctx.viewer.seeInactiveEvents ? [] : [sql`e.status = 'active'`]),
        ...(hasDateFilter(f)
          ? [
              sql`tstzrange(e.occurs_from, e.occurs_until, '[]') && tstzrange(${f.from ?? null}::date::timestamptz, (${f.to ?? null}::date + 1)::timestamptz, '[)')`,
            ]
          : []),
      ];
      return [
        { src: "text", table: "calendar_events", alias: "e", vector: sql`e.search_vector`, id: sql`e.id`, where },
        {
          src: "document",
          table: "file_text_chunks",
          alias: "ch",
          join: sql`join calendar_event_attachments a on a.file_id = ch.file_id join calendar_events e on e.id = a.event_id`,
          vector: sql`ch.search_vector`,
          id: sql`e.id`,
          where,
          srcId: sql`ch.file_id`,
          srcPos: sql`ch.position`,
          newest: "ch.file_id desc, ch.position desc",
          // Few files attached to events: start from them (documentSources).
          planner: (ctx.stats.linked.get("calendar_event_attachments") ?? 0) < FEW_DOCUMENTS,
        },
      ];
    },
    rows: () => sql`select h.id, h.rank, h.total, h.src, ${titleHeadline(sql`e.title::text`)} as title,
      case h.src when 'document' then ${documentSnippet}
        else ${headline(sql`(e.description || ' ' || e.contact_person || ' ' || e.contact_email || ' ' || e.contact_number)`)} end as snippet,
      ${documentName} as document_name, ${iso(sql`coalesce(e.starts_at, e.occurs_from)`)} as date, null as slug, ${seriesText} as page_types, null::int as group_id, k.name as extra, e.status::text as extra2
      from h join calendar_events e on e.id = h.id join calendar_keys k on k.id = e.calendar_key_id, q`,
  },
  person: {
    sources: (ctx) => {
      if (hasDateFilter(ctx.filters)) return null;
      const live = [sql`u.deleted_at is null`, sql`u.status = 'active'`];
      return [
        { src: "title", table: "users", alias: "u", vector: sql`u.search_vector`, id: sql`u.id`, where: live },
        {
          src: "text",
          table: "locations",
          alias: "l",
          join: sql`join users u on u.location_id = l.id`,
          vector: sql`l.search_vector`,
          id: sql`u.id`,
          where: live,
          weight: 0.5,
        },
      ];
    },
    rows: () => sql`select h.id, h.rank, h.total, h.src,
      ${titleHeadline(personName({ firstName: sql`u.first_name`, lastName: sql`u.last_name` }))} as title, null as snippet, null as document_name, null as date,
      u.username as slug, null as page_types, null::int as group_id, coalesce(u.post, '') as extra, coalesce(l.name, '') as extra2
      from h join users u on u.id = h.id left join locations l on l.id = u.location_id, q`,
  },
  // Staff-form records: only the roles that manage staff forms (the same rule as their lists); each
  // registered form is a source of its own (lib/forms/registry-server.ts `search`), its hits keyed by
  // (form_key, id). The page's rows read each form's records from its own table.
  form: {
    sources: (ctx) =>
      ctx.viewer.seeForms
        ? FORM_KEYS.map((key) => {
            const form = STAFF_FORM_REGISTRATIONS[key];
            return {
              src: "text" as const,
              table: form.tableName,
              alias: "t",
              vector: sql`t.search_vector`,
              id: sql`t.id`,
              where: dateRange(sql.raw(`t.${form.search.dateColumn}`), ctx.filters),
              formKey: key,
            };
          })
        : null,
    rows: () =>
      sql.join(
        FORM_KEYS.map((key) => {
          const { tableName, search } = STAFF_FORM_REGISTRATIONS[key];
          return sql`(select h.id, h.rank, h.total, h.form_key as src, ${titleHeadline(search.title)} as title,
            ${headline(search.snippet)} as snippet, null as document_name, ${search.date} as date, null as slug,
            null as page_types, null::int as group_id, ${search.extra ?? sql`null`} as extra, null as extra2
            from h join ${sql.raw(tableName)} t on t.id = h.id, q where h.form_key = ${sql.raw(`'${key}'`)})`;
        }),
        sql` union all `,
      ),
  },
};

// ------------------------------------------------------------------------------------------ results

function contentHref(r: Row, tab: ContentTab, title: string): string {
  const tabs = tabsOf(parseIntArray(r.page_types));
  return pageHref(
    r.slug ?? "",
    tabs,
    { tab, q: "", sort: "newest", page: 1, group: null, view: "grid" },
    { q: title.slice(0, SEARCH_MAX), group: r.group_id },
  );
}

function parseIntArray(text: string | null): number[] {
  return (text ?? "").replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

function toResult(kind: SearchKind, r: Row, viewer: Viewer): SearchResult {
  const title = splitHighlight(r.title ?? "");
  const plainTitle = title.map((s) => s.text).join("");
  const snippet = r.snippet ? splitHighlight(r.snippet) : [];
  const base = {
    kind,
    id: Number(r.id),
    title,
    snippet,
    date: r.date,
    source: r.src as MatchSource,
    ...(r.document_name ? { documentName: r.document_name } : {}),
  };
  switch (kind) {
    case "page":
      return {
        ...base,
        href: r.extra ?? `/${r.slug}`,
        ...(r.extra ? { external: true } : {}),
        context: r.extra2 ? `Under ${r.extra2}` : "Menu page",
        source: "title",
      };
    case "post":
      return { ...base, href: `/${r.slug}/post/${r.id}`, context: r.extra ?? "" };
    case "attachment":
      return {
        ...base,
        href: contentHref(r, "attachment", plainTitle),
        context: [r.extra, r.extra2].filter(Boolean).join(" · "),
      };
    case "save-the-date":
      return { ...base, href: contentHref(r, "save-the-date", plainTitle), context: r.extra ?? "" };
    case "event":
      return {
        ...base,
        date: eventDate(r),
        href: `/${viewer.menus.calendarSlug}?event=${r.id}`,
        context: [r.extra, r.extra2 === "inactive" ? "Inactive" : null].filter(Boolean).join(" · "),
      };
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
      // The row's `src` is its form's key (KINDS.form).
      const form = isFormKey(r.src) ? r.src : null;
      if (!form) throw new Error(`search: a form row of no registered form (${r.src})`);
      return {
        ...base,
        href: staffFormHref(form, "view", base.id),
        context: STAFF_FORMS[form].searchName,
        source: "text",
      };
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

type Prepared = { tsq: string; viewer: Viewer };

/** Close words the lexicon may offer for one typo, before the viewer's are kept. */
const CLOSE_WORD_POOL = 10;
/** Close words a typo is searched with. */
const CLOSE_WORDS_PER_TYPO = 3;

/**
 * Close words of `t.tok` from the typo lexicon, by trigram similarity (pg_trgm `%`, its index), as JSON:
 * the CLOSE_WORD_POOL closest, of which the viewer's are kept (closeWordsSeenBy).
 */
const CLOSE_WORDS = sql`(select array_to_json(array_agg(w.word))::text from (
    select s.word from search_words s where s.word % t.tok and s.word <> t.tok order by similarity(s.word, t.tok) desc, s.word limit ${sql.raw(String(CLOSE_WORD_POOL))}) w)`;

/** CLOSE_WORDS' answer; only words of letters and digits join the tsquery (the lexicon's words are split the same way). */
function closeWordsOf(json: string | null): string[] {
  return ((json ? JSON.parse(json) : []) as string[]).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
}

/**
 * The words of a query that the search may not take as typed, with their close words, say nothing about
 * what the viewer may not see (docs/features/search.md). The typo lexicon (`search_words`) and the search
 * columns' indexes hold the words of every post, hidden ones included; a staff user asking for a word
 * that only a post of another location holds would otherwise learn that it exists (no close words for
 * it, and no results: the word 'is known'), and a close word taken from a hidden post would crowd out
 * the visible ones. So a word counts as known, and a close word is offered, only when it matches
 * something the viewer may open: the same kinds' sources, with the same visibility rules in their
 * WHERE (lib/content/visibility.ts for posts and attachments), as the results.
 */
async function seenBy(db: Db, viewer: Viewer, queries: readonly string[]): Promise<boolean[]> {
  if (!queries.length) return [];
  const normalized = rowsOf<{ q: string | null }>(
    await db.execute(
      sql`select to_tsquery('english'::regconfig, c.q)::text as q from unnest(${textArray(queries)}) with ordinality as c(q, n) order by c.n`,
    ),
  ).map((r) => r.q ?? "");
  const stats = await searchTableStats(db);
  const statements = normalized.map((tsq) => {
    // A stop word ('with') is not a word the search reads: it matches nothing, for anyone.
    if (!tsq) return sql`select 1 as seen where false`;
    const ctx: Ctx = { tsq, terms: parseTsQuery(tsq), stats, viewer, filters: {}, limit: 1, offset: 0, candidates: 1 };
    const sources = SEARCH_KINDS.flatMap((kind) => KINDS[kind].sources(ctx) ?? []);
    if (!sources.length) return sql`select 1 as seen where false`;
    return sql`select 1 as seen where ${sql.join(
      sources.map((source) => sql`exists ${sourceHits(ctx, source)}`),
      sql` or `,
    )}`;
  });
  const answers = await readWithKeptPlans<{ seen: number }>(db, SEARCH_SETTINGS, statements);
  return answers.map((rows) => rows.length > 0);
}

/**
 * Each typo's close words (`pools`: the lexicon's, closest first) that match something the viewer may
 * see, at most CLOSE_WORDS_PER_TYPO.
 */
async function closeWordsSeenBy(
  db: Db,
  viewer: Viewer,
  pools: ReadonlyMap<string, readonly string[]>,
): Promise<Map<string, string[]>> {
  const words = [...new Set([...pools.values()].flat())];
  const seen = await seenBy(
    db,
    viewer,
    words.map((w) => `'${w}'`),
  );
  const visible = new Set(words.filter((_, i) => seen[i]));
  return new Map(
    [...pools].map(([tok, pool]) => [tok, pool.filter((w) => visible.has(w)).slice(0, CLOSE_WORDS_PER_TYPO)]),
  );
}

/**
 * The query's words that are found nowhere (in no search column, as the search would read them: the
 * last word as a prefix), with the pool of close words each from the typo lexicon. Only words long
 * enough to be typos are looked at (typoCandidates). A word found nowhere is found nowhere the viewer
 * may look either, so this needs no viewer; the close words are the viewer's (closeWordsSeenBy). One
 * statement, in the search's settings:
 * - a stop word ('with') is not a word the search reads, so not a typo;
 * - a word among a table's most common lexemes (pg_stats, as ANALYZE recorded them) is known at once:
 *   its index would return hundreds of thousands of rows just to say it exists;
 * - any other word is looked up in each search column's index, which for a rare word costs little.
 */
async function wordsFoundNowhere(db: Db, tokens: string[]): Promise<Map<string, string[]>> {
  const candidates = typoCandidates(tokens);
  const out = new Map<string, string[]>();
  if (!candidates.length) return out;
  const last = tokens[tokens.length - 1];
  const queries = candidates.map((t) => `'${t}'${t === last ? ":*" : ""}`);
  const inIndex = sql.join(
    SEARCH_VECTOR_TABLES.map(
      (table) => sql`when exists (select 1 from ${sql.raw(table)} x where x.search_vector @@ t.q) then false`,
    ),
    sql`\n`,
  );
  const [rows] = await readWithKeptPlans<{ tok: string; words: string | null }>(db, SEARCH_SETTINGS, [
    sql`
        select t.tok, ${CLOSE_WORDS} as words
        from (select c.tok, to_tsquery('english'::regconfig, c.q) as q from unnest(${textArray(candidates)}, ${textArray(queries)}) as c(tok, q)) t
        where case
          when numnode(t.q) = 0 then false
          when exists (select 1 from pg_stats s where s.schemaname = current_schema() and s.attname = 'search_vector' and s.tablename = any(${textArray(SEARCH_VECTOR_TABLES)})
            and array_to_tsvector(s.most_common_elems::text::text[]) @@ t.q) then false
          ${inIndex}
          else true end`,
  ]);
  for (const r of rows) out.set(r.tok, closeWordsOf(r.words));
  return out;
}

/**
 * The typo-length words of `words` (`tokens`' words) that match nothing the viewer may see, as the
 * search reads them (the last word of `tokens` as a prefix, maybe half typed), with their pools of
 * close words from the typo lexicon (closeWordsSeenBy keeps the viewer's). A word the viewer may see is
 * taken as typed.
 */
async function unseenWords(db: Db, viewer: Viewer, tokens: string[], words: string[]): Promise<Map<string, string[]>> {
  if (!words.length) return new Map();
  const last = tokens[tokens.length - 1];
  const seen = await seenBy(
    db,
    viewer,
    words.map((t) => `'${t}'${t === last ? ":*" : ""}`),
  );
  const unseen = words.filter((_, i) => !seen[i]);
  if (!unseen.length) return new Map();
  const rows = rowsOf<{ tok: string; words: string | null }>(
    await db.execute(sql`select t.tok, ${CLOSE_WORDS} as words from unnest(${textArray(unseen)}) as t(tok)`),
  );
  return new Map(rows.map((r) => [r.tok, closeWordsOf(r.words)]));
}

/**
 * Forgives one typo per word. A word found nowhere (wordsFoundNowhere) would make the search as typed
 * find nothing, so the search runs at once with that word or its close words. Otherwise it runs as
 * typed, and only when that finds nothing in any kind asked for (the words exist, but not together or
 * not where the viewer may look) does it look up close words for the words that match nothing the
 * viewer may see (unseenWords) and search again with them. Close words are only words the viewer
 * may see (closeWordsSeenBy): what the search answers depends on nothing the viewer may not open.
 */
async function withTypoForgiveness(
  db: Db,
  q: unknown,
  user: SessionUser,
  pages: (prepared: Prepared) => Promise<KindPage[]>,
): Promise<KindPage[]> {
  const { tokens } = parseQuery(q);
  if (!tokens.length) return [];
  const [viewer, nowhere] = await Promise.all([viewerOf(user), wordsFoundNowhere(db, tokens)]);
  const candidates = typoCandidates(tokens);
  if (nowhere.size) {
    // The other words too, when they match nothing the viewer may see: a word only a hidden post holds
    // is forgiven like one found nowhere, or its being 'known' would tell that it exists.
    const others = await unseenWords(
      db,
      viewer,
      tokens,
      candidates.filter((t) => !nowhere.has(t)),
    );
    const close = await closeWordsSeenBy(db, viewer, new Map([...nowhere, ...others]));
    return pages({ tsq: toTsQueryText(tokens, close), viewer });
  }
  const asTyped = await pages({ tsq: toTsQueryText(tokens), viewer });
  if (asTyped.some((p) => p.total > 0) || !candidates.length) return asTyped;
  const close = await closeWordsSeenBy(db, viewer, await unseenWords(db, viewer, tokens, candidates));
  const alternatives = new Map([...close].filter(([, words]) => words.length));
  if (![...alternatives.values()].some((a) => a.length)) return asTyped;
  return pages({ tsq: toTsQueryText(tokens, alternatives), viewer });
}

/**
 * The pages of `kinds` (in SEARCH_KINDS order; kinds the viewer may not see left out). A kind whose
 * page is empty is still listed (its total 0); a page past the end reports the total for the pager (a
 * second, rare statement).
 *
 * Each kind is a statement of its own, run side by side (searchStatements): PostgreSQL plans a union
 * of every kind several times slower than the kinds apart (about 25 ms against 1 to 6 ms each,
 * measured, bench/search.ts).
 */
async function runKinds(
  db: Db,
  kinds: readonly SearchKind[],
  prepared: Prepared,
  filters: SearchFilters,
  limit: number,
  offset: number,
  candidates = CANDIDATES,
): Promise<KindPage[]> {
  const stats = await searchTableStats(db);
  const base = { tsq: prepared.tsq, stats, viewer: prepared.viewer, filters, limit, offset, candidates };
  // Each kind's rows arrive in rank order; grouped by kind below.
  const rows = await searchStatements(db, prepared.tsq, (tsq, terms) => {
    const ctx: Ctx = { ...base, tsq, terms };
    return kinds.map((kind) => kindSelect(kind, ctx)).filter((s): s is SQL => s !== null);
  });
  return Promise.all(
    kinds.map(async (kind) => {
      const mine = rows.filter((r) => r.kind === kind);
      const total = mine.length
        ? Number(mine[0].total)
        : offset > 0
          ? await countOnly(db, kind, { ...base, limit: 1, offset: 0, candidates: CANDIDATES })
          : 0;
      return {
        kind,
        results: mine.map((r) => toResult(kind, r, prepared.viewer)),
        total,
        totalCapped: total >= candidates,
      };
    }),
  );
}

/** A page past the end still reports the total (for the pager). */
async function countOnly(db: Db, kind: SearchKind, base: Omit<Ctx, "terms">): Promise<number> {
  const rows = await searchStatements(db, base.tsq, (tsq, terms) => {
    const statement = kindSelect(kind, { ...base, tsq, terms });
    return statement ? [statement] : [];
  });
  return rows.length ? Number(rows[0].total) : 0;
}

/** The planner settings of a search's statements (searchStatements). */
const SEARCH_SETTINGS = { enable_seqscan: "off", jit: "off" };

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
async function searchStatements(
  db: Db,
  tsq: string,
  build: (tsq: string, terms: Term[] | null) => SQL[],
): Promise<Row[]> {
  const [normalized] = rowsOf<{ q: string }>(
    await db.execute(sql`select to_tsquery('english'::regconfig, ${tsq})::text as q`),
  );
  const text = normalized?.q ?? "";
  if (!text) return [];
  const statements = build(text, parseTsQuery(text));
  return (await Promise.all(statements.map((s) => readWithKeptPlans<Row>(db, SEARCH_SETTINGS, [s])))).flat(2);
}

/**
 * Suggestions as you type: the best few of every kind the viewer may see, grouped in SEARCH_KINDS
 * order (kinds without results left out). Empty for a query with nothing to search.
 */
export async function suggest({
  q,
  user,
  perKind = SUGGEST_PER_KIND,
}: {
  q: unknown;
  user: SessionUser;
  perKind?: number;
}): Promise<KindPage[]> {
  const db = await getDb();
  const pages = await withTypoForgiveness(db, q, user, (prepared) =>
    runKinds(db, SEARCH_KINDS, prepared, {}, perKind, 0, SUGGEST_CANDIDATES),
  );
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
  if (kind)
    return withTypoForgiveness(db, q, user, (prepared) =>
      runKinds(db, [kind], prepared, filters, PAGE_SIZE, (Math.max(1, page) - 1) * PAGE_SIZE),
    );
  const pages = await withTypoForgiveness(db, q, user, (prepared) =>
    runKinds(db, SEARCH_KINDS, prepared, filters, SUGGEST_PER_KIND, 0),
  );
  return pages.filter((p) => p.results.length);
}
