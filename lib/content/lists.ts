import "server-only";
import { sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { cachedReadUntil, deepFreeze } from "@/lib/db/config-cache";
import type { ListParams } from "./sql";
import { viewerKey } from "./visibility";

/**
 * What the content tabs' lists share: their page shape, reading a page and its total together, and the
 * read cache's key and expiry. Each list goes through the read cache (lib/db/config-cache.ts
 * cachedRead); pass the request's SessionUser.contentStamp as `stamp`, or nothing to read PostgreSQL
 * every time.
 */

export type Paged<T> = { rows: T[]; total: number; page: number; perPage: number };

/**
 * Rows of one page and the total, as two statements run together: the rows come from the sort index
 * (a LIMIT reads a page, not the whole menu) and the count from an index-only scan. A window count
 * would read every row of the menu instead.
 *
 * Not lib/data-table/query.ts queryPage: that helper counts `table where filters` in one sub-select,
 * while these lists count what the viewer sees (countVisible: all rows less the hidden restricted ones,
 * two index-only counts), put pinned rows first, and the top Attachment level pages through groups
 * followed by ungrouped rows (two sources in one page), which the helper does not do.
 */
export async function paged<T>(
  rows: PromiseLike<T[]>,
  count: () => PromiseLike<number>,
): Promise<{ rows: T[]; total: number }> {
  const [list, total] = await Promise.all([rows, count()]);
  return { rows: list, total };
}

/**
 * The next moment (ms) an item of the menu is published or expires, or null: a list read now stays
 * current until then (two index probes, posts_menu_publish_idx and posts_menu_expires_idx).
 */
async function nextScheduleChange(
  table: typeof schema.posts | typeof schema.attachments,
  menuId: number,
): Promise<number | null> {
  const db = await getDb();
  const rows = await db.execute(sql`select least(
      (select min(${table.publishAt}) from ${table} where ${table.menuId} = ${menuId} and ${table.publishAt} > now()),
      (select min(${table.expiresAt}) from ${table} where ${table.menuId} = ${menuId} and ${table.expiresAt} > now()))::text as t`);
  const t = rowsOf<{ t: string | null }>(rows)[0]?.t;
  return t ? new Date(t).getTime() : null;
}

/**
 * A list of posts or attachments (`read`), kept while the content is unchanged and until the menu's
 * next publish or expiry moment (nextScheduleChange). `kind` names the list in the cache key.
 */
export function cachedListUntil<P extends ListParams & { groupId?: number | null }, T>(
  kind: string,
  table: typeof schema.posts | typeof schema.attachments,
  params: P,
  stamp: string | undefined,
  read: (params: P) => Promise<T>,
): Promise<T> {
  return cachedReadUntil(listKey(kind, params), stamp, async () => {
    const [value, until] = await Promise.all([read(params).then(deepFreeze), nextScheduleChange(table, params.menuId)]);
    return { value, until };
  });
}

/** The cache key of a list: what the viewer is (their audience), then the list's own parameters. */
function listKey(kind: string, { viewer, ...rest }: ListParams & { groupId?: number | null }): string {
  return `${kind}:${viewerKey(viewer)}:${JSON.stringify(rest)}`;
}
