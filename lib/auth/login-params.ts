import { publicOrigin } from "@/lib/http/forwarded";

/**
 * The portal's own origin, for resolving a path the way the browser will: the page's own in the
 * browser, APP_URL/AUTH_URL's on the server (lib/http/forwarded.ts).
 */
function ownOrigin(): string {
  return typeof window === "undefined" ? publicOrigin() : window.location.origin;
}

/**
 * A path of the portal, normalised the way the browser will read it (`new URL(value, origin)`: dot
 * segments, `%2e%2e`, backslashes, tabs and newlines), or null when the result is not on `origin`.
 * The answer is `pathname + search + hash` and is checked once more the same way: `/..//evil.example`
 * normalises to `//evil.example`, which a browser (or a `Location:` header) reads as another host, so
 * it is refused, as are `/\host`, `https://host`, `javascript:` and the rest. An absolute URL of the
 * portal's own origin gives its path. The one check for every redirect the portal takes from a request
 * (docs/security.md): after sign-in (safeCallbackPath), and Auth.js's redirect callback (lib/auth/auth.ts).
 */
export function portalPath(value: string | null | undefined, origin: string = ownOrigin()): string | null {
  if (!value) return null;
  try {
    const own = new URL(origin).origin;
    const url = new URL(value, own);
    if (url.origin !== own) return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return new URL(path, own).origin === own ? path : null;
  } catch {
    return null;
  }
}

/**
 * The page to go to after sign-in, or null: a portal path (portalPath) other than the sign-in page
 * itself (a loop). The login page's redirect of a signed-in visitor, the password and SSO sign-ins,
 * and the way back from an ended session (loginPath) all take it from here.
 */
export function safeCallbackPath(value: string | null | undefined, origin?: string): string | null {
  const path = portalPath(value, origin);
  if (path === null) return null;
  const { pathname } = new URL(path, "http://portal.invalid");
  return pathname === "/login" || pathname.startsWith("/login/") ? null : path;
}

/**
 * What `/login?error=` may show: the texts of known codes only (Auth.js's own and ours), never text
 * from the URL. An unknown code shows the generic text.
 */
export const LOGIN_ERRORS = {
  AccountDisabled: "Your account is disabled. Please contact an administrator.",
  AccessDenied: "You are not allowed to sign in to the portal. Please contact an administrator.",
  Verification: "Your sign-in link is invalid or has expired. Please sign in again.",
  Configuration: "Sign-in is not available right now. Please try again later.",
  OAuthSignin: "The single sign-on service could not be reached. Please try again.",
  OAuthCallbackError: "The single sign-on service could not complete the sign-in. Please try again.",
  CallbackRouteError: "The single sign-on service could not complete the sign-in. Please try again.",
  SessionExpired: "Your session has expired. Please sign in again.",
  SsoLinkRequired:
    "Your SSO identity is not linked to a portal account yet. Sign in once with your portal username and password to link it, or ask an administrator.",
  SsoEmailTaken:
    "The e-mail address of your SSO identity belongs to a portal account that is linked to another SSO identity. Please contact an administrator.",
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

const GENERIC = "Sign-in failed. Please try again.";

/** The text to show for `?error=code`, or undefined when there is no code. */
export function loginErrorText(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return Object.hasOwn(LOGIN_ERRORS, code) ? LOGIN_ERRORS[code as LoginErrorCode] : GENERIC;
}

/**
 * Why the sign-in page was opened, when a session ended for a reason (`/login?reason=`): a notice, not
 * an error. Known codes only, as for errors; an unknown code shows nothing.
 */
export const SIGN_IN_NOTICES = {
  SessionEnded: "Your session ended. Please sign in again.",
  AccessChanged: "Your access changed; please sign in again.",
} as const;
export type SignInNoticeCode = keyof typeof SIGN_IN_NOTICES;

export function signInNoticeText(code: string | null | undefined): string | undefined {
  return code && Object.hasOwn(SIGN_IN_NOTICES, code) ? SIGN_IN_NOTICES[code as SignInNoticeCode] : undefined;
}

/**
 * The sign-in page's address for a visitor who must sign in: the page to come back to (only a
 * same-origin path, safeCallbackPath; the home page needs none) and why the session ended, if known.
 */
export function loginPath(input: { callbackUrl?: string | null; reason?: SignInNoticeCode | null } = {}): string {
  const params = new URLSearchParams();
  const back = safeCallbackPath(input.callbackUrl);
  if (back && back !== "/") params.set("callbackUrl", back);
  if (input.reason) params.set("reason", input.reason);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}
