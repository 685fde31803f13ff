import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { MAIL_DIR } from "./env";

type Mail = { rcpt: string[]; headers: Record<string, string>; text: string };

/** The newest mail the SMTP sink received for `to` (waits for the outbox to send it). */
export async function mailTo(to: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
        for (const f of files) {
          const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), "utf8")) as Mail;
          if (mail.rcpt.includes(to)) return (found = mail) && true;
        }
        return false;
      },
      { timeout: 30_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}
