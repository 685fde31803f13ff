import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";

const o = schema.mailOutbox;

export const OUTBOX_PAGE_SIZE = 25;

export type OutboxRow = {
  id: number;
  status: (typeof o.status.enumValues)[number];
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  attachmentName: string | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: Date;
  createdAt: Date;
  sentAt: Date | null;
};

/** The columns of an outbox row (the list's and a mail's). */
const outboxColumns = {
  id: o.id,
  status: o.status,
  to: o.toAddresses,
  cc: o.ccAddresses,
  bcc: o.bccAddresses,
  subject: o.subject,
  attachmentName: o.attachmentName,
  attempts: o.attempts,
  lastError: o.lastError,
  nextAttemptAt: o.nextAttemptAt,
  createdAt: o.createdAt,
  sentAt: o.sentAt,
};

/** One page of the outbox, newest first, with the total (for the administrators' page). */
export async function listOutbox({
  page = 1,
  perPage = OUTBOX_PAGE_SIZE,
}: { page?: number; perPage?: number } = {}): Promise<{
  rows: OutboxRow[];
  total: number;
  page: number;
  perPage: number;
}> {
  const db = await getDb();
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(outboxColumns)
      .from(o)
      .orderBy(desc(o.createdAt), desc(o.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: sql<number>`count(*)::int` }).from(o),
  ]);
  return { rows, total, page, perPage };
}

/** One queued mail as the outbox's detail shows it: the list's columns and its plain-text body. */
export type OutboxMail = OutboxRow & { body: string; messageId: string | null };

/**
 * A one-time link's secret in a mail body (Add user, password reset) is hidden: the outbox shows what was
 * sent, but a link that sets a password is its recipient's alone.
 */
export function hideLinkSecrets(body: string): string {
  return body.replace(/(\/login\/set-password\/)[^\s/?#]+/g, "$1[hidden]");
}

/** One mail of the outbox by id (administrators' detail view), its one-time link secrets hidden; null if none. */
export async function getOutboxMail({ id }: { id: number }): Promise<OutboxMail | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...outboxColumns,
      body: o.body,
      messageId: o.messageId,
    })
    .from(o)
    .where(eq(o.id, id))
    .limit(1);
  return row ? { ...row, body: hideLinkSecrets(row.body) } : null;
}
