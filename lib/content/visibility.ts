import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { roleCan } from "@/lib/auth/roles";

/**
 * Who sees a post or an attachment (docs/features/content.md), decided in one place: the audience (location ids,
 * role ids; an empty list is everyone who can open the menu) and the schedule (publish_at, expires_at,
 * compared to now() in the query, so no job has to run). Every read of posts and attachments (the
 * lists and their counts, the post page, the v1 calls, signed file links, the search and its
 * suggestions, the must-read count) puts this predicate in its WHERE; administrators see everything.
 * No "server-only" marker: the bench builds the same statements under plain Node.
 */

/** What the predicate needs of the viewer (a SessionUser has it). */
export type Viewer = { roleId: number; locationId: number | null };

/** One item of a menu as a viewer asks for it (a post, an attachment): null when it is not theirs to see. */
export type MenuItemQuery = { menuId: number; id: number; viewer: Viewer };

/** The audience and schedule columns of a table, as Drizzle columns or as raw SQL on an alias (`o.publish_at`). */
export type AudienceColumns = {
  restricted: PgColumn | SQL;
  locations: PgColumn | SQL;
  roles: PgColumn | SQL;
  publishAt: PgColumn | SQL;
  expiresAt: PgColumn | SQL;
};

/** Administrators see every item, whatever its audience and schedule (marked 'Scheduled' / 'Expired'). */
export function seesAllContent(viewer: Viewer): boolean {
  return roleCan(viewer.roleId, "manageContent");
}

/** The columns of a table that has them (posts, attachments). */
export function audienceColumnsOf(t: {
  restricted: PgColumn;
  audienceLocationIds: PgColumn;
  audienceRoleIds: PgColumn;
  publishAt: PgColumn;
  expiresAt: PgColumn;
}): AudienceColumns {
  return {
    restricted: t.restricted,
    locations: t.audienceLocationIds,
    roles: t.audienceRoleIds,
    publishAt: t.publishAt,
    expiresAt: t.expiresAt,
  };
}

/** The same columns on a raw-SQL alias (the search's statements). */
export function audienceColumnsOfAlias(alias: string): AudienceColumns {
  const c = (name: string) => sql.raw(`${alias}.${name}`);
  return {
    restricted: c("restricted"),
    locations: c("audience_location_ids"),
    roles: c("audience_role_ids"),
    publishAt: c("publish_at"),
    expiresAt: c("expires_at"),
  };
}

/**
 * Whether the item is published, not expired and addressed to the viewer: `true` for administrators.
 * A viewer without a location is outside every audience that names locations.
 */
export function visibleTo(viewer: Viewer, cols: AudienceColumns): SQL {
  if (seesAllContent(viewer)) return sql`true`;
  return addressedTo(viewer, cols);
}

/**
 * Whether the item is published, not expired and addressed to the viewer, administrators included:
 * what asks them to act (the must-read count, the 'To read' page, acknowledging).
 *
 * `not restricted or ...`: most rows have no audience and no schedule (the stored `restricted` column
 * says so), and the planner estimates that one column from its statistics. Written as the four
 * conditions alone, it multiplied their guesses into "2 rows of 100,000" and sorted a whole menu
 * instead of reading its first page from the sort index (bench/must-read.ts at 100,000 posts: p95 120 ms, then 6 ms).
 */
export function addressedTo(viewer: Viewer, cols: AudienceColumns): SQL {
  const location =
    viewer.locationId == null ? sql`false` : sql`${Math.trunc(viewer.locationId)}::int = any(${cols.locations})`;
  return sql`(not ${cols.restricted} or ((${cols.publishAt} is null or ${cols.publishAt} <= now())
    and (${cols.expiresAt} is null or ${cols.expiresAt} > now())
    and (cardinality(${cols.locations}) = 0 or ${location})
    and (cardinality(${cols.roles}) = 0 or ${Math.trunc(viewer.roleId)}::int = any(${cols.roles}))))`;
}

/** Whether a person (a location and a role) is in an item's audience, at any time (the readers' counts). */
export function inAudience(
  person: { locationId: SQL | PgColumn; roleId: SQL | PgColumn },
  cols: Pick<AudienceColumns, "locations" | "roles">,
): SQL {
  return sql`((cardinality(${cols.locations}) = 0 or ${person.locationId} = any(${cols.locations}))
    and (cardinality(${cols.roles}) = 0 or ${person.roleId} = any(${cols.roles})))`;
}

/** A key naming what the predicate depends on, for caches of lists read with it. */
export function viewerKey(viewer: Viewer): string {
  return seesAllContent(viewer) ? "all" : `l${viewer.locationId ?? "-"}r${viewer.roleId}`;
}

/** 'Scheduled' before publish_at, 'Expired' from expires_at, else null (what administrators see marked). */
export function scheduleState(
  item: { publishAt: Date | null; expiresAt: Date | null },
  now = Date.now(),
): "scheduled" | "expired" | null {
  if (item.publishAt && item.publishAt.getTime() > now) return "scheduled";
  if (item.expiresAt && item.expiresAt.getTime() <= now) return "expired";
  return null;
}

/** addressedTo for one row already read (the post page): the same rule in TypeScript. */
export function isAddressedTo(
  item: { audienceLocationIds: number[]; audienceRoleIds: number[]; publishAt: Date | null; expiresAt: Date | null },
  viewer: Viewer,
  now = Date.now(),
): boolean {
  if (scheduleState(item, now)) return false;
  if (
    item.audienceLocationIds.length &&
    (viewer.locationId == null || !item.audienceLocationIds.includes(viewer.locationId))
  )
    return false;
  return !item.audienceRoleIds.length || item.audienceRoleIds.includes(viewer.roleId);
}

/** Whether a must-read's due date has passed. */
export function isPastDue(dueAt: Date | null, now = Date.now()): boolean {
  return dueAt != null && dueAt.getTime() < now;
}

/** Who an item reaches and when (lib/content/visibility.ts); shown to administrators. */
export type AudienceFields = {
  audienceLocationIds: number[];
  audienceRoleIds: number[];
  publishAt: Date | null;
  expiresAt: Date | null;
};
