import "server-only";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { listVisibleMenus } from "@/lib/menus/queries";
import { writeAudit } from "@/lib/system/audit";
import { addressedTo, audienceColumnsOf } from "./visibility";

/**
 * Must-read posts and who read them (issue 36): the viewer's unread count (the header), the 'To read'
 * list, acknowledging, and the 'seen' record of a post view. A must-read asks only the people it is
 * addressed to (audience, published, not expired, on a page their role opens), administrators too.
 */

const { posts, postAcknowledgements, postViews, menus } = schema;

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((n) => Math.trunc(n)).join(",")}}`}::int[]`;

/** The must-reads addressed to the user now. */
async function mustReadsFor(user: SessionUser) {
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
};

/** The must-reads addressed to the user, newest first, with their acknowledgement (the 'To read' page, GET must_read). */
export async function listMustReads(
  user: SessionUser,
  { limit = 200 }: { limit?: number } = {},
): Promise<MustReadRow[]> {
  const db = await getDb();
  const published = sql<Date>`coalesce(${posts.publishAt}, ${posts.createdAt})`.mapWith(posts.createdAt);
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      slug: menus.slug,
      menuTitle: menus.title,
      dueAt: posts.dueAt,
      publishedAt: published,
      acknowledgedAt: postAcknowledgements.acknowledgedAt,
    })
    .from(posts)
    .innerJoin(menus, eq(menus.id, posts.menuId))
    .leftJoin(postAcknowledgements, acknowledged(user))
    .where(await mustReadsFor(user))
    .orderBy(desc(published), desc(posts.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((r) => ({ ...r, overdue: !r.acknowledgedAt && r.dueAt != null && r.dueAt.getTime() < now }));
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

/**
 * 'I have read and understood this': records the acknowledgement of the post's current round once (a
 * second press changes nothing and answers the first time). 404, with nothing recorded, when the post
 * is not a must-read addressed to the user now (another audience, not yet published, expired).
 */
export async function acknowledgePost(
  postId: number,
  user: SessionUser,
): Promise<{ acknowledgedAt: Date; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id, round: posts.ackRound })
      .from(posts)
      .where(and(eq(posts.id, postId), await mustReadsFor(user)))
      .limit(1);
    if (!post) throw new AppError(404, "Post not found.");
    const [row] = await tx
      .insert(postAcknowledgements)
      .values({ postId: post.id, userId: user.id, round: post.round })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await writeAudit(
        {
          actorId: user.id,
          action: "acknowledge",
          entity: "post",
          entityId: post.id,
          after: { round: post.round, acknowledgedAt: row.acknowledgedAt },
        },
        tx,
      );
      return { acknowledgedAt: row.acknowledgedAt, created: true };
    }
    const [kept] = await tx
      .select({ at: postAcknowledgements.acknowledgedAt })
      .from(postAcknowledgements)
      .where(
        and(
          eq(postAcknowledgements.postId, post.id),
          eq(postAcknowledgements.round, post.round),
          eq(postAcknowledgements.userId, user.id),
        ),
      );
    return { acknowledgedAt: kept.at, created: false };
  });
}

/**
 * Records that the user opened the post (first and last time): one upsert, not awaited by the page's
 * render path beyond its own round trip. Not an audit row (a view changes nothing).
 */
export async function recordSeen(postId: number, userId: number): Promise<void> {
  const db = await getDb();
  await db
    .insert(postViews)
    .values({ postId, userId })
    .onConflictDoUpdate({
      target: [postViews.postId, postViews.userId],
      set: { lastSeenAt: sql`now()`, updatedAt: sql`now()` },
    });
}
