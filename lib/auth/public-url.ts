/**
 * The request as the browser addressed it: AUTH_URL's origin when set (the public URL, `https://` behind
 * a proxy that terminates TLS), else the Host / X-Forwarded-* headers. Auth.js builds the OIDC
 * `redirect_uri` and its redirects from this URL, and the sign-in (a server action) built the
 * authorization request from AUTH_URL, so both must agree. next-auth's own handlers pass a NextRequest,
 * whose URL Next rewrites from any loopback host (127.0.0.1, [::1]) to `localhost`: the code exchange
 * then sent `http://localhost/...` as `redirect_uri`, the SSO refused it (CallbackRouteError) and
 * every redirect went to a host whose cookies the browser does not hold.
 */
export function publicRequestUrl(requestUrl: string, headers: Headers, authUrl = process.env.AUTH_URL): URL {
  const { pathname, search } = new URL(requestUrl);
  let origin: string;
  if (authUrl) {
    origin = new URL(authUrl).origin;
  } else {
    const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() || headers.get("host");
    const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const proto =
      forwarded === "http" || forwarded === "https" ? forwarded : new URL(requestUrl).protocol.replace(":", "");
    origin = host ? `${proto}://${host}` : new URL(requestUrl).origin;
  }
  return new URL(`${pathname}${search}`, origin);
}
