/**
 * Who sent a request and which origin it was meant for, trusting X-Forwarded-* headers only from
 * proxies the operator names (TRUST_PROXY). Without TRUST_PROXY a client can write any
 * X-Forwarded-For or X-Forwarded-Host it likes, so neither is believed: the address is the socket's
 * peer and the host is the Host header.
 *
 * The portal's server appends the socket's peer address to X-Forwarded-For (sanitiseForwardedHeaders in
 * lib/http/proxy-trust.mjs, as a proxy does), so the header's last entry is always the peer; each trusted
 * proxy hop is one more entry from the right. The trust rules live in proxy-trust.mjs (plain JavaScript,
 * shared with scripts/portal-server.mjs). No other imports: proxy.ts uses this too.
 */

import {
  addressMatches,
  configuredOrigin,
  forwardedChain,
  forwardedHeadersTrusted,
  normaliseAddress,
  trustProxySetting,
  type TrustProxy,
} from "./proxy-trust.mjs";

type HeaderSource = { headers: Headers };

/**
 * The client's address: the socket peer (the last X-Forwarded-For entry) unless TRUST_PROXY names
 * the proxies in front, then the first entry to their left. Null when unknown.
 */
export function clientIp(req: HeaderSource, trust: TrustProxy = trustProxySetting()): string | null {
  const chain = forwardedChain(req.headers.get("x-forwarded-for"));
  if (chain.length === 0) return null;
  let i = chain.length - 1;
  if (trust.kind === "hops") i = Math.max(0, chain.length - 1 - trust.hops);
  else if (trust.kind === "addresses") {
    while (i > 0 && trust.addresses.some((rule) => addressMatches(chain[i], rule))) i--;
  }
  return normaliseAddress(chain[i]).slice(0, 64) || null;
}

/**
 * The origin the request itself names: X-Forwarded-Proto/-Host behind a trusted proxy, else the Host
 * header over the protocol the server saw.
 */
export function requestOrigin(
  req: HeaderSource & { url: string },
  trust: TrustProxy = trustProxySetting(),
): string | null {
  const url = new URL(req.url);
  const trusted = forwardedHeadersTrusted(req, trust);
  const first = (name: string) => req.headers.get(name)?.split(",")[0]?.trim() || null;
  const host = (trusted && first("x-forwarded-host")) || req.headers.get("host") || url.host;
  const proto = (trusted && first("x-forwarded-proto")) || url.protocol.replace(":", "");
  if (!/^https?$/.test(proto)) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The origin every absolute link the server hands out is built on (links in mail, signed downloads,
 * exports, zips): APP_URL or AUTH_URL, else `http://localhost:PORT`. Never the request's Host: any
 * client can write that header, and a link built on it (a mail to the managers saying 'Open the
 * record: http://portal-login.evil.example/...') would send its readers to the writer's host.
 */
export function publicOrigin(env: Record<string, string | undefined> = process.env): string {
  return configuredOrigin(env) ?? `http://localhost:${env.PORT || 3000}`;
}

/**
 * What the server says at start about its public URL when it runs in production without AUTH_URL (and
 * so builds links on something it was not told), or null when there is nothing to say.
 */
export function publicOriginNotice(env: Record<string, string | undefined> = process.env): string | null {
  if (env.NODE_ENV !== "production" || env.AUTH_URL) return null;
  const origin = publicOrigin(env);
  const source = configuredOrigin(env) ? "APP_URL" : "the default";
  return (
    `AUTH_URL is not set: links in mail, downloads and exports use ${origin} (${source}), never a request's Host header, ` +
    "which any client can write. Set AUTH_URL to the portal's public URL (https://...)."
  );
}

/**
 * Whether a request comes from one of the portal's own pages: its Origin is the configured public
 * origin or the request's own origin; without an Origin header, Sec-Fetch-Site says `same-origin`.
 * A request with neither (no browser sends that for a state-changing call) is not.
 */
export function isSameOriginRequest(req: HeaderSource & { url: string }): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) {
    if (origin === "null") return false;
    let parsed: string;
    try {
      parsed = new URL(origin).origin;
    } catch {
      return false;
    }
    return parsed === configuredOrigin() || parsed === requestOrigin(req);
  }
  return req.headers.get("sec-fetch-site") === "same-origin";
}
