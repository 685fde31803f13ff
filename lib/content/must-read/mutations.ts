import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { enqueueMails, type MailMessage } from "@/lib/mail/outbox";
import { publicOrigin } from "@/lib/http/forwarded";
import { mustReadsFor, nextReminderAt, readStatus } from "./queries";

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
  const next = nextReminderAt(status.post.remindedAt);
  if (next)
    throw new AppError(
      429,
      `A reminder was sent in the last 24 hours; the next one can be sent from ${next.toISOString()}.`,
    );
  const link = new URL(`/${status.post.slug}/post/${status.post.id}`, publicOrigin()).toString();
  const due = status.post.dueAt ? ` by ${status.post.dueAt.toISOString().slice(0, 10)}` : "";
  const messages: MailMessage[] = status.locations
    .flatMap((l) => l.readers)
    .filter((r) => r.state !== "acknowledged" && r.email && /^[^\s@]+@[^\s@]+$/.test(r.email))
    .map((r) => ({
      to: r.email!,
      subject: `Please read: ${status.post.title}`.slice(0, 998).replace(/[\r\n]+/g, " "),
      text: `Hello ${r.name},\n\nPlease read "${status.post.title}" and confirm that you have read and understood it${due}:\n${link}\n`,
    }));
  const db = await getDb();
  await db.transaction(async (tx) => {
    // Taken under the row's lock, so two administrators pressing at once send one round.
    const [locked] = await tx
      .select({ remindedAt: posts.remindedAt })
      .from(posts)
      .where(eq(posts.id, postId))
      .for("update");
    if (nextReminderAt(locked?.remindedAt ?? null))
      throw new AppError(429, "A reminder was sent in the last 24 hours.");
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
