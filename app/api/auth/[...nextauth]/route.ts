import { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/auth";
import { fail } from "@/lib/api/envelope";
import { readBodyBytes } from "@/lib/api/body";
import { AppError } from "@/lib/errors";

// Auth.js's own endpoints (OIDC callback, CSRF, session). Access is Auth.js's business here.
export const { GET } = handlers;

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
  return handlers.POST(copy);
}
