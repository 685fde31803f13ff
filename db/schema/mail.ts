import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./_common";

export const mailStatus = pgEnum("mail_status", ["pending", "sending", "sent", "failed"]);

/**
 * The durable outbox (lib/mail): one row per mail, inserted in the transaction of whatever caused it,
 * so a mail exists exactly when its cause committed. The sender (lib/mail/sender.ts) claims due rows
 * with FOR UPDATE SKIP LOCKED, so server processes sharing a database never send the same row.
 *
 * Due means `status in (pending, sending) and next_attempt_at <= now()`: a claim sets `sending`, a
 * lease in `locked_until` and moves `next_attempt_at` to the lease's end, so a sender that died while
 * sending leaves a row that is due again once its lease expires, and one partial index answers the
 * claim in order without a sort.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial().primaryKey(),
    toAddresses: text().array().notNull(),
    ccAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bccAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: varchar({ length: 998 }).notNull(),
    /** Plain text body. */
    body: text().notNull(),
    /** Optional HTML alternative of the body (React rendered to static markup by the caller). */
    html: text(),
    /** Optional attachment: a key of the storage driver (lib/storage), read as a stream at send time. */
    attachmentKey: varchar({ length: 200 }),
    attachmentName: varchar({ length: 255 }),
    attachmentType: varchar({ length: 190 }),
    status: mailStatus().notNull().default("pending"),
    /** Delivery attempts started (counted at the claim, so a sender that crashes mid-send counts too). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** End of the current sender's lease while `sending`. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    /** The Message-ID header it was sent with (the same on every attempt, so a duplicate is recognisable). */
    messageId: varchar({ length: 255 }),
    ...timestamps,
  },
  (t) => [
    index("mail_outbox_due_index")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index("mail_outbox_created_index").on(t.createdAt, t.id),
  ],
);
