import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { fail } from "./envelope";
import type { ApiHandler } from "./with-api";

/**
 * Bodies of requests that came in through nodeApiRoute: the raw Node request stream, read directly
 * instead of through the web `Request.body` (which copies every chunk and adds several promise hops).
 */
const nodeBodies = new WeakMap<Request, Readable>();

/**
 * A request's body as a Node stream: the socket's own stream for requests served by nodeApiRoute,
 * otherwise the web body converted (route handlers, tests). Null when there is no body.
 */
export function bodyAsNodeStream(req: Request): Readable | null {
  const raw = nodeBodies.get(req);
  if (raw) return raw;
  return req.body ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream<Uint8Array>) : null;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type NodeApiRoute = ((req: IncomingMessage, res: ServerResponse) => Promise<void>) & {
  /** The same handlers as web route handlers (what the tests and the access test call). */
  methods: Partial<Record<Method, ApiHandler>>;
};

/**
 * Serves withApi handlers from a Pages Router API route (`pages/api/...` with
 * `export const config = { api: { bodyParser: false } }`), for the few calls whose request bodies are
 * too big for the App Router's body wrapping (uploads of up to 250 MB): the handler gets a NextRequest
 * with the same URL and headers, and `bodyAsNodeStream(req)` hands it the raw request stream.
 * Access checks, the v1 envelope and messages are withApi's, unchanged.
 */
export function nodeApiRoute(methods: Partial<Record<Method, ApiHandler>>): NodeApiRoute {
  const route = async (req: IncomingMessage, res: ServerResponse) => {
    const handler = methods[(req.method ?? "GET").toUpperCase() as Method];
    let response: Response;
    if (!handler) {
      response = fail(405, "Method not allowed.", null, { allow: Object.keys(methods).join(", ") });
    } else {
      const request = new NextRequest(requestUrl(req), { method: req.method, headers: nodeHeaders(req) });
      nodeBodies.set(request, req);
      response = await handler(request, { params: Promise.resolve({}) });
    }
    await sendResponse(response, res);
  };
  return Object.assign(route, { methods });
}

function requestUrl(req: IncomingMessage): URL {
  const path = req.url ?? "/";
  try {
    return new URL(path, `http://${req.headers.host ?? "localhost"}`);
  } catch {
    return new URL(path, "http://localhost");
  }
}

function nodeHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Writes a (small, JSON) web Response to the Node response. */
async function sendResponse(response: Response, res: ServerResponse) {
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("set-cookie", cookies);
  res.setHeader("content-length", body.length);
  res.end(body);
}
