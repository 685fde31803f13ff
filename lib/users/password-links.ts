import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/accounts";
import { attemptKeys, checkLoginThrottle, recordFailedAttempt } from "@/lib/auth/rate-limit";
import { hashToken, newSecretToken } from "@/lib/auth/tokens";
import { LOGIN_ERRORS } from "@/lib/auth/login-params";
import { publicOrigin } from "@/lib/http/forwarded";
import { enqueueMails } from "@/lib/mail/outbox";
import { writeAudit } from "@/lib/system/audit";
import { revokeAllFeedTokens } from "@/lib/calendar/mutations";
import { PEOPLE_MESSAGES as M } from "./schemas";
import { revokeSessions } from "./mutations";

const { users, passwordLinks } = schema;

/** A link to set a password is valid this long after it was sent. */
export const PASSWORD_LINK_TTL_MS = 72 * 60 * 60 * 1000;
/** 'Forgot password?' answers no sooner than this, whether or not a mail was queued (similar timing). */
export const FORGOT_MIN_MS = 400;

export type PasswordLinkPurpose = "invite" | "reset";
type Recipient = { id: number; email: string; firstName: string };

/** The page a link opens. The secret is in the path: the page loads nothing from elsewhere. */
export function passwordLinkUrl(token: string, origin = publicOrigin()): string {
  return new URL(`/login/set-password/${encodeURIComponent(token)}`, origin).toString();
}

function linkMail(to: Recipient, purpose: PasswordLinkPurpose, url: string) {
  const greeting = to.firstName ? `Hello ${to.firstName},` : "Hello,";
  const why =
    purpose === "invite"
      ? "An administrator made you an account on the portal. Set your password here:"
      : "Someone (you, or an administrator) asked for a new password for your portal account. Set it here:";
  return {
    to: to.email,
    subject: purpose === "invite" ? "Your portal account: set your password" : "Set a new portal password",
    text: [
      greeting,
      "",
      why,
      url,
      "",
      "The link is valid for 72 hours and works once. If you did not expect this mail, you can ignore it.",
      "",
    ].join("\n"),
  };
}

/**
 * Sends each user a one-time link to set a password, in the caller's transaction (the mails go through
 * the outbox only if it commits). A user's earlier links stop working. Only the secrets' hashes are
 * stored. Returns the secrets, in order (tests follow them; nobody else sees them).
 */
export async function issuePasswordLinks(
  tx: Tx,
  recipients: readonly Recipient[],
  purpose: PasswordLinkPurpose,
  now = new Date(),
): Promise<string[]> {
  if (!recipients.length) return [];
  const ids = recipients.map((r) => r.id);
  const tokens = recipients.map(() => newSecretToken(48));
  const origin = publicOrigin();
  for (let i = 0; i < recipients.length; i += 1000) {
    const part = ids.slice(i, i + 1000);
    await tx
      .update(passwordLinks)
      .set({ replacedAt: now })
      .where(and(inArray(passwordLinks.userId, part), isNull(passwordLinks.usedAt), isNull(passwordLinks.replacedAt)));
    await tx.insert(passwordLinks).values(
      part.map((userId, j) => ({
        userId,
        purpose,
        tokenHash: hashToken(tokens[i + j]),
        expiresAt: new Date(now.getTime() + PASSWORD_LINK_TTL_MS),
      })),
    );
  }
  await enqueueMails(
    tx,
    recipients.map((r, i) => linkMail(r, purpose, passwordLinkUrl(tokens[i], origin))),
  );
  return tokens;
}

/** Why a link does not work, or null when it does (the page says so before anything is typed). */
async function linkProblem(
  link: typeof passwordLinks.$inferSelect | undefined,
  user: { status: string; deletedAt: Date | null } | undefined,
  now: Date,
): Promise<string | null> {
  if (!link || !user || user.deletedAt) return M.linkUnknown;
  if (link.usedAt) return M.linkUsed;
  if (link.replacedAt) return M.linkReplaced;
  if (link.expiresAt.getTime() <= now.getTime()) return M.linkExpired;
  if (user.status !== "active") return LOGIN_ERRORS.AccountDisabled;
  return null;
}

/** For the set-password page: whether the link works, and whose it is (their first name and e-mail). */
export async function passwordLinkState(
  token: string,
  now = new Date(),
): Promise<{ ok: true; email: string | null; purpose: PasswordLinkPurpose } | { ok: false; message: string }> {
  const db = await getDb();
  const [row] = await db
    .select({ link: passwordLinks, status: users.status, deletedAt: users.deletedAt, email: users.email })
    .from(passwordLinks)
    .innerJoin(users, eq(users.id, passwordLinks.userId))
    .where(eq(passwordLinks.tokenHash, hashToken(token)))
    .limit(1);
  const problem = await linkProblem(row?.link, row, now);
  return problem ? { ok: false, message: problem } : { ok: true, email: row.email, purpose: row.link.purpose };
}

/**
 * Sets the password of a link's user and uses the link up, in one transaction under the link's lock (a
 * second use, even at the same moment, is refused). Every session, API token and calendar link of the
 * user ends, as with Change Password. A link that does not work is a 422 that says why.
 */
export async function redeemPasswordLink(input: {
  token: string;
  password: string;
  now?: Date;
  requestId?: string | null;
}): Promise<{ userId: number }> {
  const now = input.now ?? new Date();
  const hash = await hashPassword(input.password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [link] = await tx
      .select()
      .from(passwordLinks)
      .where(eq(passwordLinks.tokenHash, hashToken(input.token)))
      .for("update");
    const [user] = link
      ? await tx
          .select({ status: users.status, deletedAt: users.deletedAt })
          .from(users)
          .where(eq(users.id, link.userId))
          .for("update")
      : [];
    const problem = await linkProblem(link, user, now);
    if (problem) throw new AppError(422, problem, { token: [problem] });
    await tx.update(passwordLinks).set({ usedAt: now }).where(eq(passwordLinks.id, link.id));
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, link.userId));
    await revokeSessions(tx, link.userId, now, "password");
    await revokeAllFeedTokens(tx, link.userId);
    await writeAudit(
      {
        actorId: link.userId,
        action: "user.password_link",
        entity: "user",
        entityId: link.userId,
        after: { purpose: link.purpose },
        requestId: input.requestId,
      },
      tx,
    );
    return { userId: link.userId };
  });
}

type LinkableUser = {
  id: number;
  email: string | null;
  firstName: string;
  passwordHash: string | null;
  oidcSubject: string | null;
  status: string;
  deletedAt: Date | null;
};

/** Why an account gets no link: none (null), or the reason (an administrator is told it). */
function resetRefusal(u: LinkableUser | undefined): string | null {
  if (!u || u.deletedAt) return M.notRegistered;
  if (!u.email) return M.noEmail;
  if (u.status !== "active") return LOGIN_ERRORS.AccountDisabled;
  // Linked to the SSO and never given a password here: the password lives at the SSO.
  if (u.oidcSubject && !u.passwordHash) return M.resetSsoOnly;
  return null;
}

const linkableColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  passwordHash: users.passwordHash,
  oidcSubject: users.oidcSubject,
  status: users.status,
  deletedAt: users.deletedAt,
};

/** Send password reset (administrators): mails the user a link; a refusal says why. Audited. */
export async function sendPasswordReset(input: {
  id: number;
  actorId: number;
  requestId?: string | null;
}): Promise<string> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx.select(linkableColumns).from(users).where(eq(users.id, input.id)).for("update");
    const refusal = resetRefusal(u);
    if (refusal) throw new AppError(u && !u.deletedAt ? 422 : 404, refusal);
    const [token] = await issuePasswordLinks(tx, [{ id: u.id, email: u.email!, firstName: u.firstName }], "reset");
    await writeAudit(
      {
        actorId: input.actorId,
        action: "user.password_reset",
        entity: "user",
        entityId: u.id,
        requestId: input.requestId,
      },
      tx,
    );
    return token;
  });
}

/**
 * 'Forgot password?': mails a link when the address is an account's that may have one, and answers
 * the same, no sooner than FORGOT_MIN_MS, either way. Every request counts against the address and
 * the (address, e-mail) pair like a failed sign-in, so it is limited the same way (429 past it).
 */
export async function requestPasswordReset(input: { email: string; ip?: string | null }): Promise<string> {
  const started = Date.now();
  const email = input.email.trim().toLowerCase();
  const keys = attemptKeys(email, input.ip, "reset");
  const { delayMs } = await checkLoginThrottle(keys);
  await recordFailedAttempt(keys);
  if (!email.includes("\u0000")) {
    const db = await getDb();
    await db.transaction(async (tx) => {
      const [u] = await tx
        .select(linkableColumns)
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (!resetRefusal(u))
        await issuePasswordLinks(tx, [{ id: u!.id, email: u!.email!, firstName: u!.firstName }], "reset");
    });
  }
  const wait = Math.max(delayMs, FORGOT_MIN_MS - (Date.now() - started));
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return M.forgotAnswer;
}
