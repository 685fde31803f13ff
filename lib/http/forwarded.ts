/**
 * Who sent a request and which origin it was meant for, trusting X-Forwarded-* headers only from
 * proxies the operator names (TRUST_PROXY). Without TRUST_PROXY a client can write any
 * X-Forwarded-For or X-Forwarded-Host it likes, so neither is believed: the address is the socket's
 * peer and the host is the Host header.
 *
 * The Node server appends the socket's peer address to X-Forwarded-For (lib/http/node-guard.ts, as a
 * proxy does), so the header's last entry is always the peer; each trusted proxy hop is one more entry
 * from the right. No imports: proxy.ts uses this too.
 */

export type TrustProxy = { kind: "off" } | { kind: "hops"; hops: number } | { kind: "addresses"; addresses: string[] };

/**
 * TRUST_PROXY: unset, `0`, `false` or `off`: forwarded headers are not trusted. A number n: the
 * request passed through n proxies of ours (n entries from the right of X-Forwarded-For are ours).
 * A comma-separated list of addresses (IPv4 CIDR allowed, `loopback` for 127.0.0.0/8 and ::1): the
 * proxies of ours; entries from the right that are one of them are skipped.
 */
export function trustProxySetting(value: string | undefined = process.env.TRUST_PROXY): TrustProxy {
  const v = (value ?? "").trim().toLowerCase();
  if (!v || v === "0" || v === "false" || v === "off" || v === "no") return { kind: "off" };
  if (/^\d+$/.test(v)) return { kind: "hops", hops: Math.min(Number(v), 32) };
  if (v === "true" || v === "on" || v === "yes") return { kind: "hops", hops: 1 };
  return { kind: "addresses", addresses: v.split(",").map((s) => s.trim()).filter(Boolean) };
}

function ipv4ToInt(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/** Strips the IPv4-mapped IPv6 prefix and brackets, so `::ffff:10.0.0.1` matches `10.0.0.1`. */
export function normaliseAddress(ip: string): string {
  const s = ip.trim().replace(/^\[|\]$/g, "").toLowerCase();
  return s.startsWith("::ffff:") && s.includes(".") ? s.slice(7) : s;
}

function addressMatches(ip: string, rule: string): boolean {
  const addr = normaliseAddress(ip);
  if (rule === "loopback") return addr === "::1" || addr.startsWith("127.");
  const [base, bits] = rule.split("/");
  if (bits === undefined) return addr === normaliseAddress(base);
  const a = ipv4ToInt(addr);
  const b = ipv4ToInt(base);
  const n = Number(bits);
  if (a === null || b === null || !Number.isInteger(n) || n < 0 || n > 32) return false;
  const mask = n === 0 ? 0 : (~0 << (32 - n)) >>> 0;
  return (a & mask) === (b & mask);
}

type HeaderSource = { headers: Headers };

function forwardedChain(req: HeaderSource): string[] {
  return (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The client's address: the socket peer (the last X-Forwarded-For entry) unless TRUST_PROXY names
 * the proxies in front, then the first entry to their left. Null when unknown.
 */
export function clientIp(req: HeaderSource, trust: TrustProxy = trustProxySetting()): string | null {
  const chain = forwardedChain(req);
  if (chain.length === 0) return null;
  let i = chain.length - 1;
  if (trust.kind === "hops") i = Math.max(0, chain.length - 1 - trust.hops);
  else if (trust.kind === "addresses") {
    while (i > 0 && trust.addresses.some((rule) => addressMatches(chain[i], rule))) i--;
  }
  return normaliseAddress(chain[i]).slice(0, 64) || null;
}

/** Whether X-Forwarded-Host and X-Forwarded-Proto may be believed (the peer is a proxy of ours). */
export function forwardedHeadersTrusted(req: HeaderSource, trust: TrustProxy = trustProxySetting()): boolean {
  if (trust.kind === "off") return false;
  if (trust.kind === "hops") return trust.hops > 0;
  const chain = forwardedChain(req);
  const peer = chain[chain.length - 1];
  return !!peer && trust.addresses.some((rule) => addressMatches(peer, rule));
}

/** APP_URL, else AUTH_URL, as an origin (`https://portal.example.com`), or null when neither is set. */
export function configuredOrigin(env: Record<string, string | undefined> = process.env): string | null {
  for (const value of [env.APP_URL, env.AUTH_URL]) {
    if (!value) continue;
    try {
      return new URL(value).origin;
    } catch {
      /* a malformed setting is ignored */
    }
  }
  return null;
}

/**
 * The origin the request itself names: X-Forwarded-Proto/-Host behind a trusted proxy, else the Host
 * header over the protocol the server saw.
 */
export function requestOrigin(req: HeaderSource & { url: string }, trust: TrustProxy = trustProxySetting()): string | null {
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
