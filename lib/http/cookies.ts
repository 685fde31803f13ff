/**
 * The cookies of a request's `Cookie` header, for code that holds a plain Request (route handlers,
 * Auth.js's authorize) rather than next/headers. A malformed %-escape in any cookie (even another
 * site's) keeps its raw text instead of turning the request into a 500.
 */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) map.set(part.slice(0, i).trim(), safeDecode(part.slice(i + 1).trim()));
  }
  return map;
}

/** One cookie of a `Cookie` header, or null. */
export function cookieOf(header: string | null | undefined, name: string): string | null {
  return parseCookieHeader(header).get(name) ?? null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
