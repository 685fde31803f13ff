import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { fail } from "@/lib/api/envelope";
import { readBodyBytes } from "@/lib/api/body";
import { requestFaults } from "@/lib/db/faults";
import { AppError, DATABASE_UNAVAILABLE } from "@/lib/errors";

// Auth.js's own endpoints (OIDC callback, CSRF, session). Access is Auth.js's business here.

/**
 * Auth.js takes an error of its jwt callback (the session lookup, lib/auth/session.ts resolveToken) for
 * 'no session': `/api/auth/session` would answer null and clear the cookie, signing the browser out
 * while the database restarts. A request that met a database that could not answer is a 503 instead,
 * without Auth.js's cookies (lib/db/faults.ts).
 */
async function unlessDatabaseFailed(answer: () => Promise<Response>): Promise<Response> {
  const faults = { databaseUnavailable: false };
  const response = await requestFaults.run(faults, answer);
  if (!faults.databaseUnavailable) return response;
  return fail(503, DATABASE_UNAVAILABLE, null, { "retry-after": "5", "cache-control": "private, no-store" });
}

export function GET(req: NextRequest): Promise<Response> {
  return unlessDatabaseFailed(() => handlers.GET(req));
}

/**
 * Auth.js reads form bodies whole: the body is read here first, up to the API's limit (1 MB) and
 * counted while it streams, so an oversize body is refused (413) instead of buffered.
 */
export async function POST(req: NextRequest): Promise<Response> {
  let body: Uint8Array;
  try {
    body = await readBodyBytes(req);
  } catch (err) {
    if (err instanceof AppError) return fail(err.status, err.message);
    throw err;
  }
  const copy = new NextRequest(req.url, {
    method: req.method,
    headers: req.headers,
    body: body.byteLength ? (body as BodyInit) : undefined,
  });
  return unlessDatabaseFailed(() => handlers.POST(copy));
}
