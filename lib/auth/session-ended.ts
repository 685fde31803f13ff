import { loginPath, type SignInNoticeCode } from "./login-params";

/**
 * The one place the browser handles a call that finds the session gone (a 401: signed out in another
 * tab, expired, revoked), for server actions (`callAction`, lib/actions/client.ts) and the v1 API
 * (`portalFetch`, the uploads): it clears the session and goes to /login with the page to come back to
 * (docs/decisions.md), instead of showing an error on a page whose controls no longer work.
 */
let ending: Promise<never> | null = null;

export function sessionEnded(reason: SignInNoticeCode = "SessionEnded"): Promise<never> {
  ending ??= (async () => {
    await clearSessionCookie().catch(() => undefined);
    const back = `${window.location.pathname}${window.location.search}`;
    // A full page load on purpose, not the router: nothing the app holds for the old session (router
    // cache, open forms, uploads) carries over to the next one.
    window.location.assign(loginPath({ callbackUrl: back, reason }));
    // The page is leaving: whoever awaited the call never resumes (no toast, no re-enabled button).
    return new Promise<never>(() => {});
  })();
  return ending;
}

/**
 * Auth.js's own sign-out endpoint clears the session cookie (what next-auth/react's signOut does). Not a
 * server action: one that changes cookies makes Next re-render the page it was called from, whose
 * layout then redirects to /login without the page to come back to.
 */
async function clearSessionCookie() {
  const csrf = (await (await fetch("/api/auth/csrf", { credentials: "same-origin" })).json()) as { csrfToken?: string };
  await fetch("/api/auth/signout", {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken ?? "", callbackUrl: "/login" }),
  });
}

/** True for the result of a server action that found no session (lib/actions/action.ts). */
export function isSessionEnded(result: unknown): boolean {
  return !!result && typeof result === "object" && (result as { sessionEnded?: unknown }).sessionEnded === true;
}

/** fetch for the portal's own API (same origin, session cookie): a 401 ends the session and goes to sign-in. */
export async function portalFetch(input: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, { credentials: "same-origin", ...init });
  return res.status === 401 ? sessionEnded() : res;
}
