import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { backoffMs, fromNow, heldBy, LEASE_MS, workLeased, type Backoff } from "@/lib/jobs/lease";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { getMailTransport, mailFrom, type MailTransport } from "./transport";

const o = schema.mailOutbox;
type OutboxRow = typeof o.$inferSelect;

/** Retry delays of a mail not sent: 30 s, 1 min, 2 min, ... 1 h. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 60 * 60_000 };
/** After this many attempts a mail the server refused (or that could not be built) is given up as failed. */
export const MAX_ATTEMPTS = 10;
/**
 * How long a claim holds a row without news from its sender: the background jobs' lease
 * (lib/jobs/lease.ts), renewed every LEASE_MS / 3 however long a send takes. A dead sender's mails are due
 * again within LEASE_MS of its last renewal and go out on another sender's next round (lib/mail/worker.ts
 * POLL_MS).
 */
export { LEASE_MS };
export const DEFAULT_LIMIT = 20;
const DEFAULT_CONCURRENCY = 5;

export type DeliverOptions = {
  /** Rows claimed in one call. */
  limit?: number;
  /** Sends at once (the pooled transport's connections). */
  concurrency?: number;
  /** Default: the process's transport for SMTP_URL; with none, nothing is claimed. */
  transport?: MailTransport | null;
  /** Default MAIL_FROM. */
  from?: string;
  maxAttempts?: number;
  backoff?: Backoff;
  leaseMs?: number;
  /** Checked while an outcome waits to be recorded: once true (the process is stopping), it is tried once more, then left. */
  stopped?: () => boolean;
};

/**
 * `postponed`: claimed rows not tried because the server proved unreachable in this round; they go
 * back to pending, without an attempt counted, due when the failed one is retried.
 */
export type DeliverResult = { claimed: number; sent: number; retrying: number; failed: number; postponed: number };

/** The delay before attempt `attempts + 1`. */
export function retryDelayMs(attempts: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return backoffMs(attempts, backoff);
}

// Codes nodemailer gives errors where no server answered (refused, reset, timed out, no DNS).
const UNREACHABLE_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS"]);

/**
 * Whether the mail server could not be reached (or said it is going away, 421), as opposed to
 * answering and refusing the mail. Such attempts never give a mail up: while the server is down,
 * mail waits (at the longest backoff) and goes out when it recovers.
 */
export function isUnreachable(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  if (e?.responseCode === 421) return true;
  return typeof e?.code === "string" && UNREACHABLE_CODES.has(e.code) && typeof e.responseCode !== "number";
}

/** A Message-ID that is the same on every attempt of a row, so a mail sent twice is recognisable as one. */
export function messageIdFor(row: Pick<OutboxRow, "id" | "createdAt">, from: string): string {
  const domain = /@([^\s<>@]+?)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}

function errorText(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === "string" ? e.message : String(err);
  return (typeof e?.code === "string" && !message.includes(e.code) ? `${e.code}: ${message}` : message).slice(0, 2000);
}

/** The outbox as leased jobs: a claimed row is `sending`. */
const OUTBOX = { name: "mail", table: o, key: "id", working: "sending" } as const;

async function sendOne(
  row: OutboxRow,
  transport: MailTransport,
  from: string,
): Promise<{ messageId: string; rejected: string[] }> {
  let attachment: Readable | undefined;
  try {
    if (row.attachmentKey) attachment = await getStorage().get(row.attachmentKey);
    const info = await transport.sendMail({
      from,
      to: row.toAddresses,
      cc: row.ccAddresses.length ? row.ccAddresses : undefined,
      bcc: row.bccAddresses.length ? row.bccAddresses : undefined,
      subject: row.subject,
      text: row.body,
      html: row.html ?? undefined,
      messageId: messageIdFor(row, from),
      attachments: attachment
        ? [
            {
              filename: row.attachmentName ?? "attachment",
              contentType: row.attachmentType ?? "application/octet-stream",
              content: attachment,
            },
          ]
        : undefined,
    });
    const rejected = ((info as { rejected?: unknown[] }).rejected ?? []).map((r) =>
      typeof r === "string" ? r : ((r as { address?: string }).address ?? String(r)),
    );
    return { messageId: String((info as { messageId?: unknown }).messageId ?? messageIdFor(row, from)), rejected };
  } finally {
    // A send that failed before reading the attachment must not leave its file open.
    attachment?.destroy();
  }
}

/**
 * Sends what is due: claims up to `limit` rows, sends them over the transport (`concurrency` at a
 * time), and records each outcome: `sent` (with its Message-ID), or `pending` again with the error
 * and a later `next_attempt_at` (growing backoff), or `failed` after `maxAttempts` attempts the
 * server refused. Attempts that found no server never give a mail up (isUnreachable). Without a
 * transport (SMTP_URL unset) nothing is claimed: mail stays pending in the outbox.
 *
 * The claim's lease is renewed while the round runs (lib/jobs/lease.ts), and an outcome that cannot be written
 * (the database away) is written again until it gets through, its row held meanwhile: a mail is sent
 * again only when its sender died (or lost the database for longer than the lease) between the send
 * and its record.
 */
export async function deliverDue(options: DeliverOptions = {}): Promise<DeliverResult> {
  const transport = options.transport === undefined ? getMailTransport() : options.transport;
  const result: DeliverResult = { claimed: 0, sent: 0, retrying: 0, failed: 0, postponed: 0 };
  if (!transport) return result;
  const from = options.from ?? mailFrom();
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const db = await getDb();
  const round = await workLeased(
    OUTBOX,
    {
      limit: options.limit ?? DEFAULT_LIMIT,
      leaseMs,
      stopped: options.stopped,
      handBack: { maxAttempts, retryDelayMs: (attempts) => retryDelayMs(attempts, backoff) },
    },
    async (claim) => {
      result.claimed = claim.rows.length;
      const markSent = async (row: OutboxRow, messageId: string, rejected: string[]) => {
        // Sent is the truth whoever holds the row now, so this update is not tied to the claim (and may be
        // written twice). A record the database refuses gives the row up as failed: sent again, the mail
        // would arrive again and be recorded no better.
        const recorded = await claim.record(
          row,
          () =>
            db
              .update(o)
              .set({
                status: "sent",
                sentAt: sql`now()`,
                messageId: messageId.slice(0, 255),
                lockedUntil: null,
                lastError: rejected.length ? `Refused by the server for: ${rejected.join(", ")}`.slice(0, 2000) : null,
                updatedAt: sql`now()`,
              })
              .where(eq(o.id, row.id)),
          { giveUp: true },
        );
        if (recorded.recorded) result.sent++;
        else if (recorded.handedBack) result.failed++;
      };

      const markNotSent = async (row: OutboxRow, err: unknown) => {
        const giveUp = row.attempts >= maxAttempts && !isUnreachable(err);
        const lastError = errorText(err);
        const retry = { status: "pending" as const, nextAttemptAt: fromNow(retryDelayMs(row.attempts, backoff)) };
        // Only while this claim still holds the row (a later claim has counted one more attempt).
        const recorded = await claim.record(row, () =>
          db
            .update(o)
            .set({
              ...(giveUp ? { status: "failed" as const } : retry),
              lockedUntil: null,
              lastError,
              updatedAt: sql`now()`,
            })
            .where(heldBy(OUTBOX, [row])),
        );
        if (!recorded.recorded) {
          if (recorded.handedBack) result[recorded.handedBack === "failed" ? "failed" : "retrying"]++;
          return;
        }
        if (giveUp) {
          result.failed++;
          logger.error({ mailId: row.id, attempts: row.attempts, err: lastError }, "mail failed for good");
        } else {
          result.retrying++;
          logger.warn({ mailId: row.id, attempts: row.attempts, err: lastError }, "mail not sent, will retry");
        }
      };

      // Once a send finds no server, the rest of the round is not tried: a server that is down costs one
      // connection attempt per round, not one per mail. Nor is a row whose lease this sender could not keep.
      let unreachable = null as { error: string; delayMs: number } | null;
      const postponed: OutboxRow[] = [];

      const deliver = async (row: OutboxRow) => {
        if (unreachable || !claim.usable(row)) return void postponed.push(row);
        let sent: Awaited<ReturnType<typeof sendOne>>;
        try {
          sent = await sendOne(row, transport, from);
        } catch (err) {
          if (isUnreachable(err))
            unreachable ??= { error: errorText(err), delayMs: retryDelayMs(row.attempts, backoff) };
          return markNotSent(row, err);
        }
        // Not in the try above: a database error after a successful send must not schedule a resend.
        return markSent(row, sent.messageId, sent.rejected);
      };

      const queue = [...claim.rows];
      const workers = Array.from(
        { length: Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, queue.length) },
        async () => {
          for (let row = queue.shift(); row; row = queue.shift()) {
            await deliver(row).catch((err) => logger.error({ err, mailId: row!.id }, "mail: delivering a row failed"));
          }
        },
      );
      await Promise.all(workers);
      return { postponed, unreachable };
    },
  );
  if (!round) return result;
  const { postponed, unreachable } = round;
  if (postponed.length) {
    const reason = unreachable?.error ?? "the sender could not renew its lease";
    await db
      .update(o)
      .set({
        status: "pending",
        attempts: sql`${o.attempts} - 1`,
        lockedUntil: null,
        lastError: `Not tried: ${reason}`.slice(0, 2000),
        nextAttemptAt: fromNow(unreachable?.delayMs ?? 0),
        updatedAt: sql`now()`,
      })
      .where(heldBy(OUTBOX, postponed))
      .catch((err) =>
        logger.error({ err }, "mail: postponed rows not released; they are retried when their lease expires"),
      );
    result.postponed = postponed.length;
  }
  logger.info(result, "mail outbox batch");
  return result;
}
