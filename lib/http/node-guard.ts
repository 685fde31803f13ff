import http from "node:http";
import https from "node:https";
import { configuredOrigin, forwardedHeadersTrusted, trustProxySetting } from "./forwarded";

type Req = http.IncomingMessage;

const FORWARDED_HOST_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded", "x-real-ip"];

/**
 * What the Node server does to every request before Next sees it, the way a proxy would:
 * - appends the socket's peer address to X-Forwarded-For (Next only fills it in when it is missing, so
 *   a client could otherwise name any address); lib/http/forwarded.ts reads it from the right;
 * - drops X-Forwarded-Host/-Proto/-Port unless the peer is a proxy named by TRUST_PROXY, so Next's own
 *   server-action origin check and every link compare against the real Host.
 */
export function sanitiseForwardedHeaders(req: Req): void {
  const peer = req.socket?.remoteAddress;
  const given = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(given) ? given.join(",") : (given ?? "")).trim();
  if (peer) req.headers["x-forwarded-for"] = chain ? `${chain}, ${peer}` : peer;
  else delete req.headers["x-forwarded-for"];
  const view = { headers: new Headers({ "x-forwarded-for": String(req.headers["x-forwarded-for"] ?? "") }) };
  if (!forwardedHeadersTrusted(view, trustProxySetting())) {
    for (const name of FORWARDED_HOST_HEADERS) delete req.headers[name];
  }
}

/** HSTS on every response (pages, API, static files) when the public URL is https. */
function addHsts(res: http.ServerResponse): void {
  if (configuredOrigin()?.startsWith("https://") && !res.headersSent) {
    res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  }
}

const g = globalThis as unknown as { __portalNodeGuard?: boolean };

/**
 * Installs the guard on every HTTP(S) server of the process (called once from instrumentation.ts,
 * before the first request): it runs first on each `request` event.
 */
export function installNodeGuard(): void {
  if (g.__portalNodeGuard) return;
  g.__portalNodeGuard = true;
  for (const Server of [http.Server, https.Server]) {
    const emit = Server.prototype.emit;
    Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
      if (event === "request") {
        sanitiseForwardedHeaders(args[0] as Req);
        addHsts(args[1] as http.ServerResponse);
      }
      return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
    } as typeof emit;
  }
}
