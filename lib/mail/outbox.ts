import { z } from "zod";
import { text } from "@/lib/validation/text";
import { schema, type Db, type Tx } from "@/lib/db";
import { isValidKey } from "@/lib/storage/keys";
import { wakeMailSender } from "./worker";

const address = z.email({ error: "Invalid e-mail address" }).max(254);
const addresses = z.union([address, z.array(address)]).transform((a) => [...new Set(Array.isArray(a) ? a : [a])]);

/** One mail for the outbox. Addresses are plain (`a@example.com`); the sender is MAIL_FROM. */
export const mailMessageSchema = z
  .object({
    to: addresses.refine((a) => a.length > 0, "At least one recipient is required"),
    cc: addresses.optional(),
    bcc: addresses.optional(),
    // A line break in a header would let text pass as headers of its own.
    subject: text()
      .trim()
      .min(1)
      .max(998)
      .regex(/^[^\r\n]*$/, "The subject must be one line"),
    text: text().max(1_000_000),
    /** An HTML alternative of `text` (rendered by React, never built from strings). */
    html: text().max(2_000_000).optional(),
    /** A file already in storage (lib/storage); the outbox reads it when sending and never deletes it. */
    attachment: z
      .object({
        key: text().refine(isValidKey, "Invalid storage key"),
        fileName: text().trim().min(1).max(255),
        contentType: text().max(190).default("application/octet-stream"),
      })
      .optional(),
  })
  .strict();

export type MailMessage = z.input<typeof mailMessageSchema>;

/** A Drizzle transaction, or the database handle for a mail that depends on nothing else. */
export type MailWriter = Db | Tx;

const ROWS_PER_INSERT = 1000;

function toRow(message: MailMessage): typeof schema.mailOutbox.$inferInsert {
  const m = mailMessageSchema.parse(message);
  return {
    toAddresses: m.to,
    ccAddresses: m.cc ?? [],
    bccAddresses: m.bcc ?? [],
    subject: m.subject,
    body: m.text,
    html: m.html ?? null,
    attachmentKey: m.attachment?.key ?? null,
    attachmentName: m.attachment?.fileName ?? null,
    attachmentType: m.attachment?.contentType ?? null,
  };
}

/**
 * Queues mails in the caller's transaction (multi-row inserts): they exist, and are sent, only if that
 * transaction commits. Invalid input throws (a ZodError) before anything is written. Returns the
 * outbox ids in order. Wakes this process's sender, which finds the rows once they are committed (or,
 * at the latest, on its next interval).
 */
export async function enqueueMails(tx: MailWriter, messages: readonly MailMessage[]): Promise<number[]> {
  const rows = messages.map(toRow);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const inserted = await tx
      .insert(schema.mailOutbox)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .returning({ id: schema.mailOutbox.id });
    ids.push(...inserted.map((r) => r.id));
  }
  if (ids.length) wakeMailSender();
  return ids;
}

/**
 * Queues one mail in the caller's transaction (see enqueueMails). `perRecipient`: one mail to each
 * `to` address instead of one mail to all (a notification nobody should see the others' addresses
 * on); cc and bcc are refused then, as every copy would repeat them.
 */
export async function enqueueMail(
  tx: MailWriter,
  message: MailMessage,
  opts: { perRecipient?: boolean } = {},
): Promise<number[]> {
  if (!opts.perRecipient) return enqueueMails(tx, [message]);
  const { to } = mailMessageSchema.parse(message);
  if (message.cc?.length || message.bcc?.length)
    throw new Error("enqueueMail: cc and bcc cannot be combined with perRecipient");
  return enqueueMails(
    tx,
    to.map((address) => ({ ...message, to: address })),
  );
}
