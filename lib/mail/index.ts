/**
 * Mail through a durable outbox. Other code calls:
 * - `enqueueMail(tx, message, { perRecipient })` / `enqueueMails(tx, messages)` inside the transaction
 *   of the change that causes the mail (lib/mail/outbox.ts);
 * - `listOutbox({ page })` for the administrators' page (lib/mail/queries.ts).
 * The server starts the sender once (`startMailWorker`, instrumentation.ts); `deliverDue` is one round.
 */
export { enqueueMail, enqueueMails, mailMessageSchema, type MailMessage, type MailWriter } from "./outbox";
export {
  deliverDue,
  retryDelayMs,
  MAX_ATTEMPTS,
  DEFAULT_BACKOFF,
  type Backoff,
  type DeliverOptions,
  type DeliverResult,
} from "./sender";
export { startMailWorker, stopMailWorker, wakeMailSender } from "./worker";
export { createMailTransport, mailFrom, smtpUrl, DEFAULT_MAIL_FROM, type MailTransport } from "./transport";
