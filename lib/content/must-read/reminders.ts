import "server-only";
import { and, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { enqueueMails } from "@/lib/mail/outbox";
import { backgroundLoop } from "@/lib/jobs/background-loop";
import { logger } from "@/lib/log";
import { readStatus, type ReadStatus } from "./queries";
import { mustReadMail, unreadWithAddress } from "./mail";

/**
 * The automatic must-read mails (docs/features/must-read.md), a round a minute in every server process:
 *
 * - 'published': when a must-read becomes visible (at once, or at its 'Publish at' minute), everyone it
 *   is addressed to then gets one mail. The post is claimed (`FOR UPDATE SKIP LOCKED`, then
 *   `announced_at`) in the transaction that queues the mails.
 * - 'due-soon': from one day before its due time, those who have not acknowledged it get one more. Only
 *   for posts published more than a day before they are due (others were just told by the 'published'
 *   mail, which names the due time).
 *
 * Each mail goes once per person: its `must_read_mails` row (unique per post, kind and person) is
 * inserted in the transaction that queues it, so two instances running a round at once send it once
 * (the second waits on the first's key, then finds it taken). Mail goes only to people the post is
 * visible to at that moment (published, not expired, in its audience, on a page their role opens,
 * active) who have not acknowledged it.
 */

const { posts, mustReadMails } = schema;

/** How long before its due time a must-read's 'due-soon' mail goes. */
export const DUE_SOON_MS = 24 * 3600_000;

/** Posts handled in one round (the next round takes the rest). */
const PER_ROUND = 50;
const KEYS_PER_INSERT = 1000;

/** Claims the mail of `kind` for each reader not mailed it yet and queues those; answers how many. */
async function queueOnce(tx: Tx, status: ReadStatus, kind: "published" | "due-soon"): Promise<number> {
  const readers = unreadWithAddress(status);
  const claimed = new Set<number>();
  for (let i = 0; i < readers.length; i += KEYS_PER_INSERT) {
    const rows = await tx
      .insert(mustReadMails)
      .values(readers.slice(i, i + KEYS_PER_INSERT).map((r) => ({ postId: status.post.id, userId: r.userId, kind })))
      .onConflictDoNothing()
      .returning({ userId: mustReadMails.userId });
    for (const r of rows) claimed.add(r.userId);
  }
  const messages = readers.filter((r) => claimed.has(r.userId)).map((r) => mustReadMail(status.post, r, kind));
  if (messages.length) await enqueueMails(tx, messages);
  return messages.length;
}

const notExpired = or(isNull(posts.expiresAt), gt(posts.expiresAt, sql`now()`));

/** The 'published' mails of must-reads that became visible since the last round. */
async function announcePublished(): Promise<number> {
  const db = await getDb();
  const due = and(eq(posts.mustRead, true), isNull(posts.announcedAt), lte(posts.publishedAt, sql`now()`));
  const candidates = await db
    .select({ id: posts.id })
    .from(posts)
    .where(due)
    .orderBy(posts.publishedAt)
    .limit(PER_ROUND);
  let sent = 0;
  for (const { id } of candidates) {
    sent += await db.transaction(async (tx) => {
      const [post] = await tx
        .select({ id: posts.id, live: sql<boolean>`${notExpired}` })
        .from(posts)
        .where(and(eq(posts.id, id), due))
        .for("update", { skipLocked: true });
      if (!post) return 0; // another instance has it, or it changed
      const queued = post.live ? await queueOnce(tx, await readStatus(id), "published") : 0;
      // Not an edit: updated_at stays.
      await tx
        .update(posts)
        .set({ announcedAt: sql`now()`, updatedAt: sql`${posts.updatedAt}` })
        .where(eq(posts.id, id));
      return queued;
    });
  }
  return sent;
}

/** The 'due-soon' mails of visible must-reads due within a day. */
async function remindDueSoon(): Promise<number> {
  const db = await getDb();
  const window = sql.raw("interval '1 day'"); // DUE_SOON_MS
  const candidates = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        eq(posts.mustRead, true),
        lte(posts.publishedAt, sql`now()`),
        notExpired,
        gt(posts.dueAt, sql`now()`),
        lte(posts.dueAt, sql`now() + ${window}`),
        sql`${posts.publishedAt} < ${posts.dueAt} - ${window}`,
      ),
    )
    .orderBy(posts.dueAt)
    .limit(PER_ROUND);
  let sent = 0;
  for (const { id } of candidates) {
    const status = await readStatus(id);
    if (!unreadWithAddress(status).length) continue;
    sent += await db.transaction((tx) => queueOnce(tx, status, "due-soon"));
  }
  return sent;
}

/** One round of both kinds; answers how many mails it queued. */
export async function sendMustReadMails(): Promise<{ published: number; dueSoon: number }> {
  const published = await announcePublished();
  const dueSoon = await remindDueSoon();
  return { published, dueSoon };
}

const loop = backgroundLoop("must-read-mails");

/** Starts the round a minute (a post scheduled for a minute is announced within the next). */
export function startMustReadMails(): boolean {
  return loop.start({
    intervalMs: 60_000,
    firstRoundMs: 30_000,
    wakeDelayMs: 0,
    round: async () => {
      try {
        const r = await sendMustReadMails();
        if (r.published || r.dueSoon) logger.info(r, "must-read mails queued");
      } catch (err) {
        logger.error({ err }, "must-read mails failed");
      }
    },
  });
}
