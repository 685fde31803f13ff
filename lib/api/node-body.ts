import type { Readable } from "node:stream";

/**
 * Bodies of requests that came in through nodeApiRoute: the raw Node request stream, read directly
 * instead of through the web `Request.body` (which copies every chunk and adds several promise hops).
 * Its own module so the body readers (body.ts) and the route adapter (node-route.ts) share it without
 * importing each other.
 */
const nodeBodies = new WeakMap<Request, Readable>();

export function setNodeBody(req: Request, body: Readable): void {
  nodeBodies.set(req, body);
}

/** The raw Node body of a request served by nodeApiRoute, else null. */
export function nodeBodyOf(req: Request): Readable | null {
  return nodeBodies.get(req) ?? null;
}
