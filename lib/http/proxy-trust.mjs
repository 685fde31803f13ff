// The request-header rules of the portal's HTTP server, in plain JavaScript: scripts/portal-server.mjs
// (what `npm start` runs, before TypeScript is compiled) applies them to every request, and
// lib/http/forwarded.ts reads requests by the same rules. No imports: proxy.ts uses this too.

/**
 * TRUST_PROXY: unset, `0`, `false` or `off`: forwarded headers are not trusted. A number n: the
 * request passed through n proxies of ours (n entries from the right of X-Forwarded-For are ours).
 * A comma-separated list of addresses (IPv4 CIDR allowed, `loopback` for 127.0.0.0/8 and ::1): the
 * proxies of ours; entries from the right that are one of them are skipped.
 *
 * @param {string | undefined} [value]
 * @returns {import("./proxy-trust.mjs").TrustProxy}
 */
export function trustProxySetting(value = process.env.TRUST_PROXY) {
  const v = (value ?? "").trim().toLowerCase();
  if (!v || v === "0" || v === "false" || v === "off" || v === "no") return { kind: "off" };
  if (/^\d+$/.test(v)) return { kind: "hops", hops: Math.min(Number(v), 32) };
  if (v === "true" || v === "on" || v === "yes") return { kind: "hops", hops: 1 };
  return {
    kind: "addresses",
    addresses: v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** @param {string} ip */
function ipv4ToInt(ip) {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

/**
 * Strips the IPv4-mapped IPv6 prefix and brackets, so `::ffff:10.0.0.1` matches `10.0.0.1`.
 *
 * @param {string} ip
 */
export function normaliseAddress(ip) {
  const s = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
  return s.startsWith("::ffff:") && s.includes(".") ? s.slice(7) : s;
}

/**
 * Whether an address is the one a TRUST_PROXY entry names (an address, an IPv4 CIDR or `loopback`).
 *
 * @param {string} ip
 * @param {string} rule
 */
export function addressMatches(ip, rule) {
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

/**
 * The entries of an X-Forwarded-For value, left to right.
 *
 * @param {string | null | undefined} value
 */
export function forwardedChain(value) {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Whether X-Forwarded-Host and X-Forwarded-Proto may be believed (the peer is a proxy of ours).
 *
 * @param {{ headers: { get(name: string): string | null } }} req
 * @param {import("./proxy-trust.mjs").TrustProxy} [trust]
 */
export function forwardedHeadersTrusted(req, trust = trustProxySetting()) {
  if (trust.kind === "off") return false;
  if (trust.kind === "hops") return trust.hops > 0;
  const chain = forwardedChain(req.headers.get("x-forwarded-for"));
  const peer = chain[chain.length - 1];
  return !!peer && trust.addresses.some((rule) => addressMatches(peer, rule));
}

/**
 * APP_URL, else AUTH_URL, as an origin (`https://portal.example.com`), or null when neither is set.
 *
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function configuredOrigin(env = process.env) {
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

const FORWARDED_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"];

/**
 * What the portal's server does to every request before Next sees it, the way a proxy would:
 * - appends the socket's peer address to X-Forwarded-For (Next only fills it in when it is missing, so
 *   a client could otherwise name any address); lib/http/forwarded.ts reads it from the right;
 * - drops X-Forwarded-Host/-Proto/-Port, Forwarded and X-Real-IP unless the peer is a proxy named by
 *   TRUST_PROXY, so Next's own server-action origin check and every link compare against the real Host.
 *
 * @param {import("node:http").IncomingMessage} req
 */
export function sanitiseForwardedHeaders(req) {
  const peer = req.socket?.remoteAddress;
  const given = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(given) ? given.join(",") : (given ?? "")).trim();
  if (peer) req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  else delete req.headers["x-forwarded-for"];
  const xff = String(req.headers["x-forwarded-for"] ?? "");
  if (!forwardedHeadersTrusted({ headers: { get: (name) => (name === "x-forwarded-for" ? xff : null) } })) {
    for (const name of FORWARDED_HOST_HEADERS) delete req.headers[name];
  }
}

/**
 * HSTS on every response (pages, API, static files) when the public URL is https.
 *
 * @param {import("node:http").ServerResponse} res
 */
export function addHsts(res) {
  if (configuredOrigin()?.startsWith("https://") && !res.headersSent) {
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}
