import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { AppError, forbidden } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { roleCan } from "@/lib/auth/roles";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { listVisibleMenus } from "@/lib/menus/queries";
import { listRoles } from "@/lib/users/queries";
import { personNameOrUsername } from "@/lib/users/display-name";
import { formatInZone } from "@/lib/dates/format";
import { addressedTo, audienceColumnsOf, inAudience, isPastDue } from "../visibility";

/**
 * The reads of must-read posts (docs/features/must-read.md). For everyone: the viewer's unread count (the header), the
 * 'To read' list and their acknowledgement of a post. A must-read asks only the people it is addressed
 * to (audience, published, not expired, on a page their role opens), administrators too.
 *
 * Compliance of must-read posts, for administrators: who of a post's audience acknowledged
 * it, only saw it, or has not yet (the 'Readers' panel, GET read_status, its export), the board of
 * every must-read against every location (role 2: against their own location), and the reminder mail.
 * The audience is the people it is addressed to now: active accounts whose role opens the post's page,
 * in its locations and roles (so someone who joins a location later is counted from then on).
 */

const { posts, users, locations, postAcknowledgements, postViews, menus } = schema;

/** Role ids whose menus include `menuId` (the roles are a handful; the menu tree is in memory). */
async function rolesSeeing(menuIds: number[], stamp?: string): Promise<Map<number, Set<number>>> {
  const roles = await listRoles();
  const out = new Map<number, Set<number>>(menuIds.map((id) => [id, new Set<number>()]));
  for (const r of roles) {
    const visible = new Set((await listVisibleMenus({ roleId: r.value, stamp })).content);
    for (const id of menuIds) if (visible.has(id)) out.get(id)!.add(r.value);
  }
  return out;
}

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;

// ---------------------------------------------------------------- the viewer's must-reads

/** The must-reads addressed to the user now. */
export async function mustReadsFor(user: SessionUser) {
  const visible = await listVisibleMenus({ roleId: user.roleId, stamp: user.configStamp });
  return and(
    eq(posts.mustRead, true),
    sql`${posts.menuId} = any(${intArray(visible.content)})`,
    addressedTo(user, audienceColumnsOf(posts)),
  );
}

/** The user's acknowledgement of the post's current round. */
const acknowledged = (user: SessionUser) =>
  and(
    eq(postAcknowledgements.postId, posts.id),
    eq(postAcknowledgements.round, posts.ackRound),
    eq(postAcknowledgements.userId, user.id),
  );

/** How many must-reads addressed to the user they have not acknowledged (the header's count), as a scalar subquery. */
export async function unreadMustReadsCount(user: SessionUser): Promise<SQL<number>> {
  const db = await getDb();
  const count = db
    .select({ n: sql<number>`count(*)` })
    .from(posts)
    .where(
      and(
        await mustReadsFor(user),
        sql`not exists (select 1 from ${postAcknowledgements} where ${acknowledged(user)})`,
      ),
    );
  return sql<number>`(${count})`;
}

/** How many must-reads addressed to the user they have not acknowledged. */
export async function countUnreadMustReads(user: SessionUser): Promise<number> {
  const db = await getDb();
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql`select ${await unreadMustReadsCount(user)} as n`));
  return Number(row?.n ?? 0);
}

export type MustReadRow = {
  id: number;
  title: string;
  slug: string;
  menuTitle: string;
  dueAt: Date | null;
  publishedAt: Date;
  acknowledgedAt: Date | null;
  overdue: boolean;
  /** Edited with 'Needs acknowledging again' (a later round) and not acknowledged since: 'Updated, please read again'. */
  updated: boolean;
};

/** The must-reads addressed to the user, newest first, with their acknowledgement (the 'To read' page, GET must_read). */
export async function listMustReads(
  user: SessionUser,
  { limit = 200 }: { limit?: number } = {},
): Promise<MustReadRow[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: menus.slug,
      menuTitle: menus.title,
      dueAt: posts.dueAt,
      publishedAt: posts.publishedAt,
      acknowledgedAt: postAcknowledgements.acknowledgedAt,
      round: posts.ackRound,
    })
    .from(posts)
    .innerJoin(menus, eq(menus.id, posts.menuId))
    .leftJoin(postAcknowledgements, acknowledged(user))
    .where(await mustReadsFor(user))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  const now = Date.now();
  return rows.map(({ round, ...r }) => ({
    ...r,
    overdue: !r.acknowledgedAt && isPastDue(r.dueAt, now),
    updated: !r.acknowledgedAt && round > 1,
  }));
}

/** The user's acknowledgement of a post's current round, or null. */
export async function getAcknowledgement(postId: number, user: SessionUser): Promise<Date | null> {
  const db = await getDb();
  const [row] = await db
    .select({ at: postAcknowledgements.acknowledgedAt })
    .from(posts)
    .innerJoin(postAcknowledgements, acknowledged(user))
    .where(eq(posts.id, postId))
    .limit(1);
  return row?.at ?? null;
}

// ---------------------------------------------------------------- compliance

export type ReaderState = "acknowledged" | "seen" | "not-yet";
export type Reader = {
  userId: number;
  name: string;
  email: string | null;
  locationId: number | null;
  locationName: string;
  state: ReaderState;
  acknowledgedAt: Date | null;
  lastSeenAt: Date | null;
};
export type Counts = { audience: number; acknowledged: number; seen: number; notYet: number };
export type ReadStatus = {
  post: {
    id: number;
    title: string;
    slug: string;
    mustRead: boolean;
    dueAt: Date | null;
    remindedAt: Date | null;
    /** When it becomes (became) visible: no reminder before (remindBlock). */
    publishedAt: Date;
    expiresAt: Date | null;
  };
  totals: Counts;
  locations: (Counts & { locationId: number | null; locationName: string; readers: Reader[] })[];
};

const NO_LOCATION = "No location";

const audienceColumnsSelect = {
  audienceLocationIds: posts.audienceLocationIds,
  audienceRoleIds: posts.audienceRoleIds,
};

/**
 * The 'Readers' of a post: its audience, each person acknowledged / seen / not yet, per location. 404 for
 * an unknown post. `viewer` only keys the menu cache (the reminder jobs read without one).
 */
export async function readStatus(postId: number, viewer: { configStamp?: string } = {}): Promise<ReadStatus> {
  const db = await getDb();
  const [post] = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: menus.slug,
      menuId: posts.menuId,
      mustRead: posts.mustRead,
      dueAt: posts.dueAt,
      remindedAt: posts.remindedAt,
      publishedAt: posts.publishedAt,
      expiresAt: posts.expiresAt,
      round: posts.ackRound,
      ...audienceColumnsSelect,
    })
    .from(posts)
    .innerJoin(menus, eq(menus.id, posts.menuId))
    .where(eq(posts.id, postId))
    .limit(1);
  if (!post) throw new AppError(404, "Post not found.");
  const roles = [...((await rolesSeeing([post.menuId], viewer.configStamp)).get(post.menuId) ?? [])];
  const rows = await db
    .select({
      userId: users.id,
      name: personNameOrUsername(users),
      email: users.email,
      locationId: users.locationId,
      locationName: sql<string>`coalesce(${locations.name}, ${NO_LOCATION})`,
      acknowledgedAt: postAcknowledgements.acknowledgedAt,
      lastSeenAt: postViews.lastSeenAt,
    })
    .from(users)
    .leftJoin(locations, eq(locations.id, users.locationId))
    .leftJoin(
      postAcknowledgements,
      and(
        eq(postAcknowledgements.postId, post.id),
        eq(postAcknowledgements.round, post.round),
        eq(postAcknowledgements.userId, users.id),
      ),
    )
    .leftJoin(postViews, and(eq(postViews.postId, post.id), eq(postViews.userId, users.id)))
    .where(
      and(
        eq(users.status, "active"),
        isNull(users.deletedAt),
        sql`${users.roleId} = any(${intArray(roles)})`,
        inAudience(
          { locationId: users.locationId, roleId: users.roleId },
          { locations: sql`${intArray(post.audienceLocationIds)}`, roles: sql`${intArray(post.audienceRoleIds)}` },
        ),
      ),
    )
    .orderBy(sql`${locations.name} nulls last`, asc(users.lastName), asc(users.firstName), asc(users.id));
  const byLocation = new Map<string, ReadStatus["locations"][number]>();
  const totals: Counts = { audience: 0, acknowledged: 0, seen: 0, notYet: 0 };
  for (const r of rows) {
    const state: ReaderState = r.acknowledgedAt ? "acknowledged" : r.lastSeenAt ? "seen" : "not-yet";
    const key = String(r.locationId ?? "none");
    let group = byLocation.get(key);
    if (!group)
      byLocation.set(
        key,
        (group = {
          locationId: r.locationId,
          locationName: r.locationName,
          audience: 0,
          acknowledged: 0,
          seen: 0,
          notYet: 0,
          readers: [],
        }),
      );
    group.readers.push({ ...r, state });
    for (const c of [group, totals]) {
      c.audience++;
      if (state === "acknowledged") c.acknowledged++;
      else if (state === "seen") c.seen++;
      else c.notYet++;
    }
  }
  const { round: _round, menuId: _menuId, audienceLocationIds: _l, audienceRoleIds: _r, ...shown } = post;
  return { post: shown, totals, locations: [...byLocation.values()] };
}

// ---------------------------------------------------------------- the board

export type BoardFilters = { from?: string; to?: string; locationId?: number };
export type BoardCell = { audience: number; acknowledged: number };
/** A column of the board: a location, or (id null) the people without one. */
export type BoardLocation = { id: number | null; name: string };
export type BoardRow = {
  id: number;
  title: string;
  slug: string;
  publishedAt: Date;
  dueAt: Date | null;
  overdue: boolean;
  /** By location id; null: the people without a location. */
  cells: Map<number | null, BoardCell>;
  total: BoardCell;
};
export type Board = { locations: BoardLocation[]; rows: BoardRow[] };

export const OUTSIDE_COMPLIANCE_SCOPE = "You can see the compliance board of your own location only.";

/** The percentage shown for a cell (null when nobody of the location is in the audience). */
export function percent(c: BoardCell): number | null {
  return c.audience ? Math.floor((c.acknowledged * 100) / c.audience) : null;
}

/**
 * The locations a viewer's board covers: null for every location and the people without one
 * (administrators), else the viewer's own location (role 2; none when they have no location). The
 * location is the one administrators keep on the account, so nothing a person edits widens it.
 * 403 for anyone else.
 */
export function complianceScope(viewer: Pick<SessionUser, "roleId" | "locationId">): number[] | null {
  if (roleCan(viewer.roleId, "seeEveryLocationCompliance")) return null;
  if (!roleCan(viewer.roleId, "seeCompliance")) throw forbidden();
  return viewer.locationId == null ? [] : [viewer.locationId];
}

/** The people the board counts: active, of one location, of the viewer's scope, or everyone (the scope null). */
function countedPeople(locationId: number | undefined, scope: number[] | null): SQL | undefined {
  const where = locationId
    ? eq(users.locationId, locationId)
    : scope && (scope.length ? inArray(users.locationId, scope) : sql`false`);
  return and(eq(users.status, "active"), isNull(users.deletedAt), where || undefined);
}

/** The instant a published-date filter's day starts at in the portal's zone (the board shows its days). */
const dayStart = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${PORTAL_TIME_ZONE})`;

/**
 * Every published must-read (published between `from` and `to`, inclusive days in the portal's zone; a
 * scheduled one is left out until its moment, as nobody can read it yet) against
 * every location in the viewer's scope (complianceScope; or one of them), with a column for the people
 * without a location when the scope is everyone: of the people each is addressed to there, how many
 * acknowledged. Only the audience is counted: administrators (or anyone) outside it are not. A viewer
 * with a scope sees only the must-reads addressed to someone in it; a location outside it is a 403.
 * Three statements whatever the numbers: the must-reads, the people counted per location and role, the
 * acknowledgements counted per post, round, location and role (one pass over them, each person's
 * location and role found by hash) and those of each must-read's current round kept; the audience rule is then
 * applied to those few groups, not to each person.
 */
export async function complianceBoard(filters: BoardFilters, viewer: SessionUser): Promise<Board> {
  const scope = complianceScope(viewer);
  if (scope && filters.locationId && !scope.includes(filters.locationId))
    throw new AppError(403, OUTSIDE_COMPLIANCE_SCOPE);
  const db = await getDb();
  const published = posts.publishedAt;
  const counted = countedPeople(filters.locationId, scope);
  const ackGroups = db
    .select({
      postId: postAcknowledgements.postId,
      round: postAcknowledgements.round,
      locationId: sql<number | null>`${users.locationId}`.as("location_id"),
      roleId: sql<number>`${users.roleId}`.as("role_id"),
      n: sql<number>`count(*)`.mapWith(Number).as("n"),
    })
    .from(postAcknowledgements)
    .innerJoin(users, eq(users.id, postAcknowledgements.userId))
    .where(counted)
    .groupBy(postAcknowledgements.postId, postAcknowledgements.round, users.locationId, users.roleId)
    .as("ack_groups");
  const [mustReads, people, acks, allLocations] = await Promise.all([
    db
      .select({
        id: posts.id,
        title: posts.title,
        slug: menus.slug,
        menuId: posts.menuId,
        publishedAt: published,
        dueAt: posts.dueAt,
        ...audienceColumnsSelect,
      })
      .from(posts)
      .innerJoin(menus, eq(menus.id, posts.menuId))
      .where(
        and(
          eq(posts.mustRead, true),
          lte(published, sql`now()`),
          filters.from ? gte(published, dayStart(filters.from)) : undefined,
          filters.to ? lt(published, dayStart(filters.to, 1)) : undefined,
        ),
      )
      .orderBy(sql`${published} desc`, sql`${posts.id} desc`),
    db
      .select({ locationId: users.locationId, roleId: users.roleId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(counted)
      .groupBy(users.locationId, users.roleId),
    // Counted per post, round, location and role first, then the current round of each must-read kept:
    // joined to the posts before counting, the planner expects a few hundred acknowledgements (it cannot
    // know that they are all of must-reads) and looks each person up by index, once per acknowledgement.
    db
      .select({ postId: ackGroups.postId, locationId: ackGroups.locationId, roleId: ackGroups.roleId, n: ackGroups.n })
      .from(ackGroups)
      .innerJoin(
        posts,
        and(eq(posts.id, ackGroups.postId), eq(posts.ackRound, ackGroups.round), eq(posts.mustRead, true)),
      ),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .orderBy(asc(locations.name), asc(locations.id)),
  ]);
  const roles = await rolesSeeing([...new Set(mustReads.map((m) => m.menuId))], viewer.configStamp);
  const ackBy = new Map<string, number>();
  for (const a of acks) ackBy.set(`${a.postId}:${a.locationId}:${a.roleId}`, a.n);
  const now = Date.now();
  const rows: BoardRow[] = mustReads.map((m) => {
    const cells = new Map<number | null, BoardCell>();
    const total: BoardCell = { audience: 0, acknowledged: 0 };
    const seeing = roles.get(m.menuId) ?? new Set<number>();
    for (const p of people) {
      if (!seeing.has(p.roleId)) continue;
      // Someone without a location is outside every audience that names locations (visibility.ts addressedTo).
      if (m.audienceLocationIds.length && (p.locationId == null || !m.audienceLocationIds.includes(p.locationId)))
        continue;
      if (m.audienceRoleIds.length && !m.audienceRoleIds.includes(p.roleId)) continue;
      const cell = cells.get(p.locationId) ?? { audience: 0, acknowledged: 0 };
      const acked = ackBy.get(`${m.id}:${p.locationId}:${p.roleId}`) ?? 0;
      cell.audience += p.n;
      cell.acknowledged += acked;
      total.audience += p.n;
      total.acknowledged += acked;
      cells.set(p.locationId, cell);
    }
    return {
      id: m.id,
      title: m.title,
      slug: m.slug,
      publishedAt: m.publishedAt,
      dueAt: m.dueAt,
      overdue: isPastDue(m.dueAt, now) && total.acknowledged < total.audience,
      cells,
      total,
    };
  });
  const shown: BoardLocation[] = allLocations.filter((l) =>
    filters.locationId ? l.id === filters.locationId : !scope || scope.includes(l.id),
  );
  if (!filters.locationId && !scope && rows.some((r) => r.cells.has(null))) shown.push({ id: null, name: NO_LOCATION });
  // A viewer with a scope sees the must-reads addressed to someone in it, not the others' titles.
  return { locations: shown, rows: scope ? rows.filter((r) => r.total.audience > 0) : rows };
}

// ---------------------------------------------------------------- reminders

export const REMIND_INTERVAL_MS = 24 * 3600_000;

/**
 * Why a post's readers cannot be reminded now, or null: not published yet (nobody could open the link),
 * or expired. The reminder refuses it (remindUnread) and the button says it.
 */
export function remindBlock(
  post: { publishedAt: Date; expiresAt: Date | null },
  now = Date.now(),
): { reason: "scheduled"; from: Date } | { reason: "expired" } | null {
  if (post.publishedAt.getTime() > now) return { reason: "scheduled", from: post.publishedAt };
  if (post.expiresAt && post.expiresAt.getTime() <= now) return { reason: "expired" };
  return null;
}

/** What the refusal says (in the portal's zone: the screen shows the same moment in the viewer's). */
export function remindBlockMessage(block: NonNullable<ReturnType<typeof remindBlock>>): string {
  if (block.reason === "expired") return "This post has expired: nobody can open it, so nobody is reminded.";
  const at = formatInZone(block.from, PORTAL_TIME_ZONE, "MMMM d, h:mm a");
  return `This post is not published yet: its readers can be reminded from ${at} (Pacific time).`;
}

/** When the next reminder of a post may be sent (null: now). */
export function nextReminderAt(remindedAt: Date | null): Date | null {
  if (!remindedAt) return null;
  const next = remindedAt.getTime() + REMIND_INTERVAL_MS;
  return next > Date.now() ? new Date(next) : null;
}
