import { NextResponse, type NextRequest } from "next/server";

const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"];

/**
 * Optimistic redirect only: a visitor with no session cookie is sent to /login. It is never the
 * protection: every page, action and route handler checks access itself (lib/auth/guards.ts).
 * Also adds HSTS when the request came over HTTPS and a request id for the logs.
 */
export function proxy(request: NextRequest) {
  const hasSession = SESSION_COOKIES.some((n) => request.cookies.has(n));
  const requestId = request.headers.get("x-request-id") ?? crypto.randomUUID();
  let res: NextResponse;
  // A server action (a POST with Next-Action) answers a missing session itself, with a result the page
  // acts on (lib/auth/session-ended.ts); redirected here, it would get the login page's HTML instead.
  if (!hasSession && !request.headers.has("next-action")) {
    const url = request.nextUrl.clone();
    url.pathname = "/login";
    url.search = "";
    res = NextResponse.redirect(url);
  } else {
    const headers = new Headers(request.headers);
    headers.set("x-request-id", requestId);
    res = NextResponse.next({ request: { headers } });
  }
  const proto = request.headers.get("x-forwarded-proto") ?? request.nextUrl.protocol.replace(":", "");
  if (proto === "https") res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  res.headers.set("x-request-id", requestId);
  return res;
}

export const config = {
  // Skips: the API (answers 401 itself), Auth.js, the login page, static files, uploads (streamed).
  matcher: ["/((?!api/|login|_next/static|_next/image|favicon.ico|robots.txt|icons/|.*\\.(?:png|jpg|jpeg|svg|ico|css|js|woff2?)$).*)"],
};
