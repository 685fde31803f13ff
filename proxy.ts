import { NextResponse, type NextRequest } from "next/server";
import { isSameOriginRequest } from "@/lib/http/forwarded";
import { serverActionRefusal, serverActionTable, type ServerActionTable } from "@/lib/http/server-actions";
import { logger } from "@/lib/log";
import { loginPath } from "@/lib/auth/login-params";

/** Where pages find their own path and query (lib/auth/guards.ts PAGE_PATH_HEADER; not imported: server-only). */
const PAGE_PATH_HEADER = "x-portal-path";

/** The page's path and query as the visitor asked for it, without Next's own `_rsc` parameter. */
function pagePath(request: NextRequest): string {
  const url = request.nextUrl.clone();
  url.searchParams.delete("_rsc");
  return `${url.pathname}${url.search}`;
}

const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"];

/** Largest server action body (Next's own default limit, enforced here before Next reads it). */
export const ACTION_BODY_LIMIT = 1024 * 1024;

/**
 * The page Content-Security-Policy: scripts only with this response's nonce (Next puts it on its own
 * scripts when it finds it in the request's policy), no inline event handlers, forms post only here.
 * `'strict-dynamic'` lets those scripts load the app's chunks. Development adds `'unsafe-eval'`
 * (React's debugging aids).
 */
export function pageCsp(nonce: string, dev = process.env.NODE_ENV !== "production"): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function refuse(status: number, message: string, headers: Record<string, string> = {}): NextResponse {
  return new NextResponse(`${message}\n`, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** What a page offers: GET and HEAD, and POST for its server actions. */
export const PAGE_METHODS = ["GET", "HEAD", "POST"] as const;

/**
 * The build's actions and the pages that hold them in production (`next start`); null in development,
 * where Next compiles actions as pages are visited (lib/http/server-actions.ts).
 */
const knownActions = () => (process.env.NODE_ENV === "production" ? serverActionTable() : null);

/**
 * A POST to a page is a server action. Next answers a foreign, `null` or malformed Origin and an
 * oversize body with a 500; they are refused here first with a 4xx: 403 unless the request comes from
 * the portal's own origin (the configured public URL or the request's host, lib/http/forwarded.ts),
 * 411 without a declared length, 413 over the limit.
 */
function refuseServerAction(
  request: NextRequest,
  known: ServerActionTable | null,
  requestId: string,
): NextResponse | null {
  if (request.method !== "POST") return null;
  if (!isSameOriginRequest(request)) return refuse(403, "This request must come from the portal's own pages.");
  const length = request.headers.get("content-length");
  if (length === null || !/^\d+$/.test(length)) return refuse(411, "A length is required.");
  if (Number(length) > ACTION_BODY_LIMIT) return refuse(413, "The request body is too large.");
  // An id that is none of this build's actions, or an action posted to a page that does not hold it
  // (lib/http/server-actions.ts): the same 404, with the header Next's client router reads to reload a
  // page from an older deployment, and one line in the log.
  const action = request.headers.get("next-action");
  const refusal = action === null ? null : serverActionRefusal(action, request.nextUrl.pathname, known);
  if (refusal === null) return null;
  const path = request.nextUrl.pathname.slice(0, 200);
  logger.warn({ requestId, path, action: action!.slice(0, 64), refusal }, "server action refused");
  return refuse(404, "No such action.", { "x-nextjs-action-not-found": "1" });
}

/**
 * Optimistic redirect only: a visitor with no session cookie is sent to /login (with the page as
 * callbackUrl). It is never the
 * protection: every page, action and route handler checks access itself (lib/auth/guards.ts).
 * Also: the per-request CSP nonce, the server-action origin, size and id checks, 405 for a method a
 * page does not offer, and a request id for the logs. HSTS is added by the portal's server to every
 * response (scripts/portal-server.mjs, lib/http/proxy-trust.mjs).
 */
export function proxy(request: NextRequest) {
  return screen(request, knownActions());
}

/** proxy() with the server action ids given (the tests' way in). */
export function screen(request: NextRequest, known: ServerActionTable | null) {
  const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
  // A page answers GET, HEAD and POST (its actions); PUT, DELETE, PATCH or OPTIONS rendered the page
  // or failed. Methods no route offers at all (TRACE) are refused before Next (scripts/portal-server.mjs).
  const refused = (PAGE_METHODS as readonly string[]).includes(request.method)
    ? refuseServerAction(request, known, requestId)
    : refuse(405, "Method not allowed.", { allow: PAGE_METHODS.join(", ") });
  if (refused) {
    refused.headers.set("x-request-id", requestId);
    return refused;
  }
  const isLogin = request.nextUrl.pathname === "/login" || request.nextUrl.pathname.startsWith("/login/");
  const hasSession = SESSION_COOKIES.some((n) => request.cookies.has(n));
  let res: NextResponse;
  // A server action (a POST with Next-Action) answers a missing session itself, with a result the page
  // acts on (lib/auth/session-ended.ts); redirected here, it would get the login page's HTML instead.
  if (!hasSession && !isLogin && !request.headers.has("next-action")) {
    // Only a redirect, with the page to come back to after signing in (followed only if same-origin).
    res = NextResponse.redirect(new URL(loginPath({ callbackUrl: pagePath(request) }), request.nextUrl));
  } else {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    const csp = pageCsp(nonce);
    const headers = new Headers(request.headers);
    headers.set("x-request-id", requestId);
    headers.set("x-nonce", nonce);
    // Replaces whatever the client sent: the way back to this page if its session turns out to be gone.
    headers.set(PAGE_PATH_HEADER, pagePath(request));
    headers.set("content-security-policy", csp);
    // Next's own server-action check compares Origin with the forwarded host, else Host. The Origin was
    // checked above against the configured public URL and the request's host; hand Next the host it
    // matched, so a portal behind a proxy that keeps its internal Host still accepts its own pages.
    const origin = request.headers.get("origin");
    if (request.method === "POST" && origin) headers.set("x-forwarded-host", new URL(origin).host);
    res = NextResponse.next({ request: { headers } });
    res.headers.set("Content-Security-Policy", csp);
  }
  res.headers.set("x-request-id", requestId);
  return res;
}

export const config = {
  // Skips: the API (answers 401 itself), static files, uploads (streamed). The sign-in page is seen
  // (its nonce and its server actions' checks) but never redirected.
  matcher: [
    "/((?!api/|_next/static|_next/image|favicon.ico|robots.txt|icons/|.*\\.(?:png|jpg|jpeg|svg|ico|css|js|woff2?)$).*)",
  ],
};
