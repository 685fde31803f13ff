/**
 * Every page under app/ (page.tsx, found on disk, so a new one is picked up by itself) decides access
 * itself: called without a session it sends the visitor to /login before it reads or shows anything.
 * A page that is public is listed in PUBLIC_PAGES with the reason; any other page that renders for a
 * signed-out visitor makes this file fail, naming it.
 */
import path from "node:path";
import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { ROOT } from "@/test/entry-points";

setupTestDatabase();

/** Pages anyone may open, deliberately. */
const PUBLIC_PAGES: Record<string, string> = {
  "app/(auth)/login/page.tsx": "the sign-in page",
  "app/(auth)/login/forgot/page.tsx": "'Forgot password?': answers alike for any address",
  "app/(auth)/login/set-password/[token]/page.tsx": "the mailed one-time link: the secret in the path is the access",
};

function listPageFiles(dir = path.join(ROOT, "app"), out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) listPageFiles(p, out);
    else if (/^page\.(tsx|ts|jsx|js)$/.test(e.name)) out.push(path.relative(ROOT, p).split(path.sep).join("/"));
  }
  return out.sort();
}

/** Dummy values for a page file's dynamic segments. */
function paramsOf(file: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const m of file.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)) params[m[1]] = m[1] === "slug" ? "company-news" : "1";
  return params;
}

/** Where a Next redirect() thrown by a page points (its digest is `NEXT_REDIRECT;type;url;status;`). */
function redirectTarget(err: unknown): string | null {
  const digest = (err as { digest?: unknown } | null)?.digest;
  return typeof digest === "string" && digest.startsWith("NEXT_REDIRECT;") ? digest.split(";")[2] : null;
}

const pages = listPageFiles();

describe("every page decides access itself", () => {
  it("finds the pages, and every public one still exists", () => {
    expect(pages).toContain("app/(portal)/[slug]/page.tsx");
    for (const file of Object.keys(PUBLIC_PAGES))
      expect(pages, `${file} is listed as public but does not exist`).toContain(file);
  });

  it.each(pages.filter((f) => !(f in PUBLIC_PAGES)))("%s sends a signed-out visitor to /login", async (file) => {
    cookieJar.clear();
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, file))) as { default: (props: unknown) => unknown };
    let outcome: unknown = "rendered";
    try {
      await mod.default({ params: Promise.resolve(paramsOf(file)), searchParams: Promise.resolve({}) });
    } catch (err) {
      outcome = err;
    }
    expect(redirectTarget(outcome), `${file} must call a guard (lib/auth/guards.ts) or be listed in PUBLIC_PAGES`).toBe(
      "/login",
    );
  });
});
