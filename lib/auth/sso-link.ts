import { decode, encode } from "next-auth/jwt";
import { getAuthSecret } from "@/lib/config";
import { logger } from "@/lib/log";
import { cookieOf } from "@/lib/http/cookies";
import { linkSsoIdentity, type SsoIdentity } from "./accounts";

/**
 * An SSO identity waiting to be linked (SsoLinkRequired, lib/auth/accounts.ts): kept for 10 minutes in
 * an encrypted, HttpOnly cookie of the browser that came back from the SSO, never in the URL. The next
 * password sign-in in that browser links it to the account it signs in to, if that account has the
 * identity's e-mail and no SSO identity yet. A cookie, because the link must stay with the person who
 * went through the SSO: a link carried in a URL could be handed to an administrator by someone else, and
 * their password sign-in would then link the stranger's identity to their account.
 */
export const PENDING_LINK_COOKIE = "portal-sso-link";
const TTL_SECONDS = 600;

export type PendingLink = SsoIdentity & { email: string };

export function pendingLinkCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: process.env.AUTH_URL?.startsWith("https://") ?? false,
    maxAge: TTL_SECONDS,
  };
}

export async function encodePendingLink(link: PendingLink): Promise<string> {
  return encode({ token: { ...link }, secret: getAuthSecret(), salt: PENDING_LINK_COOKIE, maxAge: TTL_SECONDS });
}

export async function decodePendingLink(raw: string | null | undefined): Promise<PendingLink | null> {
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: getAuthSecret(), salt: PENDING_LINK_COOKIE }).catch(() => null);
  if (typeof jwt?.issuer !== "string" || typeof jwt.sub !== "string" || typeof jwt.email !== "string") return null;
  return { issuer: jwt.issuer, sub: jwt.sub, email: jwt.email };
}

/** The pending link in a request's Cookie header, or null. */
export function pendingLinkOfCookieHeader(header: string | null): string | null {
  return cookieOf(header, PENDING_LINK_COOKIE);
}

/**
 * After a password sign-in: links the pending identity to the account, when it was meant for it. A
 * refusal (the identity or the account is linked already, another e-mail) does not stop the sign-in.
 */
export async function completePendingLink(userId: number, raw: string | null): Promise<boolean> {
  const link = await decodePendingLink(raw);
  if (!link) return false;
  try {
    await linkSsoIdentity({ userId, identity: { issuer: link.issuer, sub: link.sub }, email: link.email });
    logger.info({ userId, issuer: link.issuer }, "SSO identity linked after a password sign-in");
    return true;
  } catch (err) {
    logger.info({ userId, reason: err instanceof Error ? err.message : String(err) }, "SSO identity not linked");
    return false;
  }
}
