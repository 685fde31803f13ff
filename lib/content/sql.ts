import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { PgTable } from "drizzle-orm/pg-core";
import { schema, type Db } from "@/lib/db";
import { likePattern } from "@/lib/data-table/query";
import type { Sort } from "./basics";
import { audienceColumnsOf, seesAllContent, visibleTo, type Viewer } from "./visibility";
import { personNameOrUsername } from "@/lib/users/display-name";

/**
 * Statement builders shared by lib/content/queries.ts and the bench (which EXPLAINs the exact
 * statement the Discussion tab runs). No "server-only" marker here so the bench can import it under
 * plain Node; nothing in this file is secret.
 */

const { posts, users } = schema;

/** A list's page; `viewer` decides which posts and attachments are in it (lib/content/visibility.ts). */
export type ListParams = { menuId: number; q?: string; sort: Sort; page: number; perPage: number; viewer: Viewer };

/** Display name of the last editor (or the author when never edited). */
export const editorName = sql<string>`coalesce(${personNameOrUsername(users)}, '')`;

/**
 * A list's order: Newest/Oldest by `date` (a post's publish moment, an attachment's or date's last
 * update; docs/decisions.md), A-to-Z/Z-to-A by title, the id last.
 */
export function orderFor(sort: Sort, cols: { title: PgColumn; id: PgColumn }, date: PgColumn): SQL[] {
  switch (sort) {
    case "oldest":
      return [asc(date), asc(cols.id)];
    case "a-z":
      return [sql`lower(${cols.title}) asc`, asc(cols.id)];
    case "z-a":
      return [sql`lower(${cols.title}) desc`, desc(cols.id)];
    default:
      return [desc(date), desc(cols.id)];
  }
}

/** The visibility predicate on posts. */
export const postVisibleTo = (viewer: Viewer) => visibleTo(viewer, audienceColumnsOf(posts));

export function discussionFilter(menuId: number, q: string | undefined, viewer: Viewer): SQL {
  return and(discussionMenuFilter(menuId, q), postVisibleTo(viewer))!;
}

/** The menu and search conditions of the Discussion tab, without the visibility predicate (countVisible adds it). */
export function discussionMenuFilter(menuId: number, q: string | undefined): SQL {
  const base = eq(posts.menuId, menuId);
  if (!q) return base;
  const p = likePattern(q);
  return and(base, or(ilike(posts.title, p), ilike(posts.description, p)))!;
}

/** Discussion posts with their columns and the last editor's name: the list and the detail read the same rows. */
export function discussionRows(db: Db) {
  return db
    .select({
      id: posts.id,
      menuId: posts.menuId,
      title: posts.title,
      description: posts.description,
      pin: posts.pin,
      audienceLocationIds: posts.audienceLocationIds,
      audienceRoleIds: posts.audienceRoleIds,
      publishAt: posts.publishAt,
      expiresAt: posts.expiresAt,
      mustRead: posts.mustRead,
      dueAt: posts.dueAt,
      ackRound: posts.ackRound,
      createdAt: posts.createdAt,
      updatedAt: posts.updatedAt,
      publishedAt: posts.publishedAt,
      editedAt: posts.editedAt,
      updatedName: editorName,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, sql`coalesce(${posts.updatedBy}, ${posts.createdBy})`));
}

/**
 * The Discussion tab's page of rows, exported so the bench can EXPLAIN the exact statement the page
 * runs (the total comes from countRows with discussionFilter).
 */
export function discussionListQuery(db: Db, params: ListParams) {
  return discussionRows(db)
    .where(discussionFilter(params.menuId, params.q, params.viewer))
    .orderBy(desc(posts.pin), ...orderFor(params.sort, posts, posts.publishedAt))
    .limit(params.perPage)
    .offset((params.page - 1) * params.perPage);
}

/** `count(*)` of a filtered table (an index-only scan for the menu filters). */
export function countQuery(db: Db, table: PgTable, where: SQL | undefined) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
}

/**
 * How many rows of a list the viewer sees: every row matching `where` (an index-only count, as before
 * audiences) less the restricted rows (an audience or a schedule: few, read through the partial
 * `*_menu_restricted_idx` index) that the visibility predicate hides from this viewer. Administrators
 * see every row. One statement.
 */
export async function countVisible(
  db: Db,
  table: PgTable & {
    restricted: PgColumn;
    audienceLocationIds: PgColumn;
    audienceRoleIds: PgColumn;
    publishAt: PgColumn;
    expiresAt: PgColumn;
  },
  where: SQL | undefined,
  viewer: Viewer,
): Promise<number> {
  if (seesAllContent(viewer)) return countRows(db, table, where);
  const hidden = and(where, sql`${table.restricted}`, sql`not ${visibleTo(viewer, audienceColumnsOf(table))}`);
  const [row] = await db
    .select({ n: sql<number>`(${countQuery(db, table, where)}) - (${countQuery(db, table, hidden)})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await countQuery(db, table, where);
  return row?.n ?? 0;
}
