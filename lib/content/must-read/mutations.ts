import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { enqueueMails } from "@/lib/mail/outbox";
import { mustReadMail, unreadWithAddress } from "./mail";
import { mustReadsFor, nextReminderAt, readStatus, remindBlock, remindBlockMessage } from "./queries";

/**
 * The writes of must-read posts (docs/features/must-read.md): acknowledging, the 'seen' record of a post view, and the
 * reminder mail of the readers who have not acknowledged.
 */

const { posts, postAcknowledgements, postViews } = schema;

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

// ---------------------------------------------------------------- reminders

/**
 * 'Remind those who have not read it': one mail per person of the audience who has not acknowledged
 * the post (and has an e-mail address), queued in the outbox in one transaction with the post's
 * `reminded_at`; at most once a day per post (429 otherwise), audited.
 */
export async function remindUnread(postId: number, user: SessionUser): Promise<{ queued: number }> {
  const status = await readStatus(postId, user);
  if (!status.post.mustRead) throw new AppError(422, "Only a must-read post has readers to remind.");
  const blocked = remindBlock(status.post);
  if (blocked) throw new AppError(422, remindBlockMessage(blocked));
  const next = nextReminderAt(status.post.remindedAt);
  if (next)
    throw new AppError(
      429,
      `A reminder was sent in the last 24 hours; the next one can be sent from ${next.toISOString()}.`,
    );
  const messages = unreadWithAddress(status).map((r) => mustReadMail(status.post, r, "reminder"));
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Taken under the row's lock, so two administrators pressing at once send one round.
    const [locked] = await tx
      .select({ remindedAt: posts.remindedAt, publishedAt: posts.publishedAt, expiresAt: posts.expiresAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .for("update");
    if (nextReminderAt(locked?.remindedAt ?? null))
      throw new AppError(429, "A reminder was sent in the last 24 hours.");
    // Its schedule may have changed since it was read: refused under the lock as well.
    const blockedNow = locked ? remindBlock(locked) : null;
    if (blockedNow) throw new AppError(422, remindBlockMessage(blockedNow));
    await tx
      .update(posts)
      .set({ remindedAt: sql`now()`, updatedAt: sql`${posts.updatedAt}` })
      .where(eq(posts.id, postId));
    if (messages.length) await enqueueMails(tx, messages);
    await writeAudit(
      { actorId: user.id, action: "remind", entity: "post", entityId: postId, after: { queued: messages.length } },
      tx,
    );
  });
  return { queued: messages.length };
}
