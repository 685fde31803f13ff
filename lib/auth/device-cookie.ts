import crypto from "node:crypto";
import { decode, encode } from "next-auth/jwt";
import { getAuthSecret } from "@/lib/config";
import { deviceFailures, LIMITS } from "./rate-limit";

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser that has
 * signed in to an account gets a cookie naming that account, with a random id and an expiry, sealed
 * with AUTH_SECRET (an encrypted, HMAC-authenticated Auth.js JWT, as the pending SSO link,
 * lib/auth/sso-link.ts), so it can be neither read nor forged. A later password sign-in to that account
 * from that browser is judged by the device's own failures (lib/auth/accounts.ts verifyPasswordLogin),
 * not by the limits of its address or its account: an office whose one address is being sprayed, or an
 * account someone is guessing at, does not lock out the person on a browser they have signed in on
 * before. Past LIMITS.deviceMaxFailures failures within a day the cookie is not trusted any more, and
 * the attempt falls under the ordinary limits. A new cookie (a new id) is given at every sign-in.
 */
export const DEVICE_COOKIE = "portal-device";
const TTL_SECONDS = 90 * 86_400;

export function deviceCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: process.env.AUTH_URL?.startsWith("https://") ?? false,
    maxAge: TTL_SECONDS,
  };
}

/** A new device cookie's value for an account that has just signed in. */
export async function encodeDeviceCookie(userId: number): Promise<string> {
  const token = { sub: String(userId), device: crypto.randomBytes(16).toString("base64url") };
  return encode({ token, secret: getAuthSecret(), salt: DEVICE_COOKIE, maxAge: TTL_SECONDS });
}

/** The account and device a cookie names, or null when it is not one of ours, altered, or expired. */
export async function decodeDeviceCookie(
  raw: string | null | undefined,
): Promise<{ userId: number; device: string } | null> {
  if (!raw) return null;
  const jwt = await decode({ token: raw, secret: getAuthSecret(), salt: DEVICE_COOKIE }).catch(() => null);
  if (typeof jwt?.sub !== "string" || !/^\d{1,10}$/.test(jwt.sub) || typeof jwt.device !== "string") return null;
  return { userId: Number(jwt.sub), device: jwt.device.slice(0, 64) };
}

/** The failure-count key of one device. */
export function deviceKey(device: string): string {
  return `device:${device}`;
}

/**
 * The key to count a password attempt under when the browser's device cookie names `userId` and the
 * device is still trusted (below its failures), else null: the attempt then falls under the ordinary limits.
 */
export async function trustedDeviceKey(raw: string | null | undefined, userId: number): Promise<string | null> {
  const cookie = await decodeDeviceCookie(raw);
  if (!cookie || cookie.userId !== userId) return null;
  const key = deviceKey(cookie.device);
  return (await deviceFailures(key)) < LIMITS.deviceMaxFailures ? key : null;
}
