// A fixed origin to resolve against: only whether a value stays on it matters, not which origin it is.
const BASE = "http://portal.invalid";

/**
 * The path to go to after sign-in, or null. The value is parsed as a URL against the portal's origin
 * and followed only if it stays on that origin, which refuses `//host`, `/\host`, `/\t/host`,
 * `https:host`, `javascript:` and the rest; the sign-in page itself is refused (a loop).
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === "/login" || url.pathname.startsWith("/login/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
