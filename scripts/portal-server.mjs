// The portal's HTTP server: Next's request handler (Next's custom-server API) behind a gate that answers
// the requests Next cannot take, after the request-header rules of lib/http/proxy-trust.mjs (forwarded
// headers believed only from TRUST_PROXY, HSTS when the public URL is https). `npm start` (scripts/start.mjs) calls
// servePortal() in the process that serves; a launcher with several processes calls it in each of them.
import http from "node:http";
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import { createRequire } from "node:module";
import { addHsts, sanitiseForwardedHeaders } from "../lib/http/proxy-trust.mjs";

/** Every method a route of the portal offers (pages: GET, HEAD, POST; the API: its own of these). */
export const OFFERED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** What a page offers (proxy.ts refuses the other offered methods on pages with the same header). */
const PAGE_ALLOW = "GET, HEAD, POST";

/**
 * Answers 405 for a method no route offers (TRACE, PROPFIND, MKCOL, ...) before Next sees it: Next
 * builds a web Request from every request, the Fetch standard forbids TRACE there, and Next answered
 * a 500 with a stack trace in the log. API paths get the v1 envelope; pages `Allow: GET, HEAD, POST`.
 * The body of the refused request is left unread (drained). Returns whether it answered.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @returns {boolean}
 */
export function refuseUnofferedMethod(req, res) {
  const method = String(req.method ?? "GET").toUpperCase();
  if (OFFERED_METHODS.includes(method)) return false;
  const api = String(req.url ?? "/").startsWith("/api/");
  const body = api
    ? JSON.stringify({ code: 405, status: "error", message: "Method not allowed.", content: null })
    : "Method not allowed.\n";
  res.writeHead(405, {
    "content-type": api ? "application/json" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
    ...(api ? {} : { allow: PAGE_ALLOW }),
  });
  res.end(body);
  req.resume();
  return true;
}

/**
 * What the server does with every request before Next's handler: the forwarded-header rules and HSTS
 * (lib/http/proxy-trust.mjs), then the 405 for methods no route offers. Returns whether it answered.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @returns {boolean}
 */
export function gateRequest(req, res) {
  sanitiseForwardedHeaders(req);
  addHsts(res);
  return refuseUnofferedMethod(req, res);
}

/**
 * The store of what went wrong for a request (lib/db/faults.ts: the same global symbol, so Next's
 * bundles and this server share one).
 */
const FAULTS = Symbol.for("portal.requestFaults");
/** @type {AsyncLocalStorage<{ databaseUnavailable: boolean }>} */
export const requestFaults = (globalThis[FAULTS] ??= new AsyncLocalStorage());

/**
 * Runs Next's handler for one request inside a fresh fault store, and answers 503 (with Retry-After)
 * instead of the 500 Next gives a page that failed, when the failure was the database's: a page
 * while PostgreSQL restarts is 'temporarily unavailable', not an error of the portal (docs/security.md).
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 */
export function serveWatchingFaults(req, res, handle) {
  const faults = { databaseUnavailable: false };
  const writeHead = res.writeHead;
  /** @type {typeof res.writeHead} */
  res.writeHead = function (status, ...rest) {
    if (status === 500 && faults.databaseUnavailable) {
      status = 503;
      this.statusCode = 503;
      if (!this.headersSent) this.setHeader("retry-after", "5");
      if (typeof rest[0] === "string") rest[0] = "Service Unavailable";
    }
    return writeHead.call(this, status, ...rest);
  };
  return requestFaults.run(faults, () => handle(req, res));
}

/**
 * A client that goes away in the middle of sending a body (a closed tab, a dropped connection, a server
 * action cut off halfway) makes Node end the request with `Error: aborted` (ECONNRESET); emitted when no
 * one listens, it escaped as an uncaught exception, and Next's body reader logged it at error level. It is
 * the client's doing, not the portal's: one warn line, in the shape of the portal's JSON log (lib/log), with the request id a
 * balancer sent; any other error of the request stream is one error line. Nothing is thrown.
 *
 * @param {import("node:http").IncomingMessage} req
 * @param {(line: string) => void} [write]
 */
export function watchRequestBody(req, write = (line) => console.warn(line)) {
  let told = false;
  req.on("error", (err) => {
    if (told) return;
    told = true;
    const aborted = /** @type {{ code?: unknown }} */ (err)?.code === "ECONNRESET";
    // This listener is the request's first, so Next's body reader gets the error after this: named
    // AbortError, it is what Next's own error handlers take for a client that went away and do not log.
    if (aborted && err) err.name = "AbortError";
    const requestId = req.headers["x-request-id"];
    const line = {
      level: aborted ? 40 : 50,
      time: new Date().toISOString(),
      app: "portal",
      ...(typeof requestId === "string" ? { requestId } : {}),
      method: req.method,
      path: String(req.url ?? "/").split("?")[0],
      ...(aborted ? {} : { err: { message: err?.message, code: /** @type {{ code?: unknown }} */ (err)?.code } }),
      msg: aborted ? "request body aborted by the client" : "request stream failed",
    };
    write(JSON.stringify(line));
  });
}

/**
 * The server's answer to every request: the body watched (watchRequestBody), the gate, then Next's
 * handler under the fault store (serveWatchingFaults).
 *
 * @param {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => unknown} handle
 * @returns {(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void}
 */
export function portalRequestListener(handle) {
  return (req, res) => {
    watchRequestBody(req);
    if (gateRequest(req, res)) return;
    void serveWatchingFaults(req, res, handle);
  };
}

/**
 * Serves the production build in `root` on `port` (all interfaces unless `hostname`), as `next start`
 * does, with gateRequest in front of Next's handler. Ends the process on SIGINT/SIGTERM
 * (after the listeners instrumentation.ts registered, which stop the background work).
 *
 * @param {{ root: string; port: number; hostname?: string }} options
 * @returns {Promise<import("node:http").Server>}
 */
export async function servePortal({ root, port, hostname }) {
  process.env.NODE_ENV = "production";
  const require = createRequire(path.join(root, "package.json"));
  const next = require("next");
  const app = next({ dev: false, dir: root, hostname: hostname ?? "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer(portalRequestListener(handle));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve(undefined));
  });
  console.log(`✓ Ready on http://${hostname ?? "localhost"}:${port}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => process.exit(0));
  return server;
}
