/**
 * A stand-in for `next/headers` in vitest (server actions and guards read the request's cookies through
 * it). Use in a test file:
 *
 *   vi.mock("next/headers", () => import("@/test/mock-next-headers"));
 *   import { cookieJar, requestHeaders } from "@/test/mock-next-headers";
 *
 * and put the cookies of "the current request" into `cookieJar` (cleared with `cookieJar.clear()`).
 */
export const cookieJar = new Map<string, string>();
export const requestHeaders = new Headers();

type CookieOptions = { name?: string; value?: string } & Record<string, unknown>;

function cookieStore() {
  return {
    get: (name: string | { name: string }) => {
      const key = typeof name === "string" ? name : name.name;
      return cookieJar.has(key) ? { name: key, value: cookieJar.get(key)! } : undefined;
    },
    getAll: (name?: string) =>
      [...cookieJar].filter(([k]) => name === undefined || k === name).map(([k, v]) => ({ name: k, value: v })),
    has: (name: string) => cookieJar.has(name),
    set: (name: string | CookieOptions, value?: string) => {
      if (typeof name === "string") cookieJar.set(name, value ?? "");
      else if (name.name) cookieJar.set(name.name, String(name.value ?? ""));
    },
    delete: (name: string | { name: string }) => cookieJar.delete(typeof name === "string" ? name : name.name),
    toString: () => [...cookieJar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
    [Symbol.iterator]: function* () {
      for (const [k, v] of cookieJar) yield [k, { name: k, value: v }] as const;
    },
    get size() {
      return cookieJar.size;
    },
  };
}

export async function cookies() {
  return cookieStore();
}

export async function headers() {
  const h = new Headers(requestHeaders);
  if (cookieJar.size > 0) h.set("cookie", cookieStore().toString());
  return h;
}

export async function draftMode() {
  return { isEnabled: false, enable() {}, disable() {} };
}
