import nodemailer, { type Transporter } from "nodemailer";

/** Where mail goes: nodemailer's SMTP transport takes a message and answers with what the server said. */
export type MailTransport = Pick<Transporter, "sendMail" | "close">;

export const DEFAULT_MAIL_FROM = "Staff Portal <no-reply@localhost>";

/** SMTP_URL (`smtp://user:pass@host:587`, `smtps://...:465`), or null: no mail is sent, it stays in the outbox. */
export function smtpUrl(env: Record<string, string | undefined> = process.env): string | null {
  return env.SMTP_URL?.trim() || null;
}

/** MAIL_FROM, the sender of every mail. */
export function mailFrom(env: Record<string, string | undefined> = process.env): string {
  return env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
}

/**
 * A pooled transport for `url`: a few reused connections (pool), and timeouts, so a hung server fails
 * the attempt (the sender renews its lease while it waits, lib/mail/sender.ts). Settings in the URL's
 * query win (`?maxConnections=2&socketTimeout=120000`).
 */
export function createMailTransport(url: string): MailTransport {
  const u = new URL(url);
  if (u.protocol !== "smtp:" && u.protocol !== "smtps:")
    throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got ${u.protocol})`);
  const defaults: Record<string, string> = {
    pool: "true",
    maxConnections: "5",
    connectionTimeout: "30000",
    greetingTimeout: "30000",
    socketTimeout: "60000",
  };
  for (const [k, v] of Object.entries(defaults)) if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  return nodemailer.createTransport(u.toString());
}

// One transport per process (its pool is the point), on globalThis so every bundle shares it.
const g = globalThis as unknown as { __portalMailTransport?: { url: string; transport: MailTransport } };

/** The process's transport for SMTP_URL, or null when SMTP_URL is unset. */
export function getMailTransport(): MailTransport | null {
  const url = smtpUrl();
  if (!url) return null;
  if (g.__portalMailTransport?.url !== url) {
    g.__portalMailTransport?.transport.close();
    g.__portalMailTransport = { url, transport: createMailTransport(url) };
  }
  return g.__portalMailTransport.transport;
}

/** Closes the process's transport (its pooled connections), at shutdown. */
export function closeMailTransport(): void {
  g.__portalMailTransport?.transport.close();
  g.__portalMailTransport = undefined;
}
