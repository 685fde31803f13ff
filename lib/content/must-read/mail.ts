import "server-only";
import { publicOrigin } from "@/lib/http/forwarded";
import { formatInZone } from "@/lib/dates/format";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import type { MailMessage } from "@/lib/mail/outbox";
import type { ReadStatus, Reader } from "./queries";

/**
 * The must-read mails (docs/features/must-read.md): 'published' (the audience is told the post is there),
 * 'due-soon' (a day before it is due) and 'reminder' (an administrator's 'Remind those who have not read
 * it'). Each goes to one person who has not acknowledged the post and has an address.
 */
export type MustReadMailKind = "published" | "due-soon" | "reminder";

const SUBJECTS: Record<MustReadMailKind, string> = {
  published: "New must-read",
  "due-soon": "Due tomorrow",
  reminder: "Please read",
};

/** The people of a post's readers a mail may go to: not acknowledged, with a usable address. */
export function unreadWithAddress(status: ReadStatus): Reader[] {
  return status.locations
    .flatMap((l) => l.readers)
    .filter((r) => r.state !== "acknowledged" && r.email != null && /^[^\s@]+@[^\s@]+$/.test(r.email));
}

/** The mail of `kind` to one reader of the post, dates in the portal's zone. */
export function mustReadMail(post: ReadStatus["post"], reader: Reader, kind: MustReadMailKind): MailMessage {
  const link = new URL(`/${post.slug}/post/${post.id}`, publicOrigin()).toString();
  const due = post.dueAt
    ? ` by ${formatInZone(post.dueAt, PORTAL_TIME_ZONE, "MMMM d, yyyy h:mm a")} (Pacific time)`
    : "";
  return {
    to: reader.email!,
    subject: `${SUBJECTS[kind]}: ${post.title}`.slice(0, 998).replace(/[\r\n]+/g, " "),
    text: `Hello ${reader.name},\n\nPlease read "${post.title}" and confirm that you have read and understood it${due}:\n${link}\n`,
  };
}
