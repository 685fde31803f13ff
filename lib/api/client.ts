import { portalFetch } from "@/lib/auth/session-ended";
import { UNREACHABLE } from "./unreachable";

/** A failed v1 call: the server's message (or the old portal's text when the server cannot be reached). */
export class ApiCallError extends Error {
  constructor(
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

/**
 * A v1 call from the browser (session cookie, lib/auth/session-ended.ts handles a 401): the envelope's
 * `content`, or an ApiCallError with the server's message (`failure` when it sent none, the old
 * portal's 'Remote server can not be reachable' when it could not be reached). An abort (before the answer or
 * while its body is read) is passed on.
 */
export async function callV1<T>(path: string, init?: RequestInit & { failure?: string }): Promise<T> {
  const { failure, ...request } = init ?? {};
  let res: Response;
  try {
    res = await portalFetch(path, { ...request, headers: { accept: "application/json", ...request.headers } });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiCallError(UNREACHABLE, 0);
  }
  // An abort can also land while the body is read: passed on like one before the answer.
  const body = (await res.json().catch((err: unknown) => {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    return null;
  })) as { message?: string; content?: T } | null;
  if (!res.ok || !body)
    throw new ApiCallError(body?.message || failure || `Request failed (${res.status}).`, res.status);
  return body.content as T;
}

/** callV1 of the v1 call `name` with a JSON body (POST), e.g. a list call asked for its export's signed link. */
export function sendV1<T>(name: string, body: unknown): Promise<T> {
  return callV1<T>(`/api/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
