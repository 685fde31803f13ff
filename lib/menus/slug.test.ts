import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RESERVED_SEGMENTS, isReservedSlug, slugify, uniqueSlug } from "./slug";

/** Every static first path segment of the app's routes: app/, its route groups (auth), (portal) ..., pages/. */
function firstSegments(): string[] {
  const root = process.cwd();
  const out = new Set<string>();
  const visit = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      if (/^\(.*\)$/.test(e.name))
        visit(path.join(dir, e.name)); // a route group adds no segment
      else if (!/^[[@_]/.test(e.name)) out.add(e.name);
    }
  };
  visit(path.join(root, "app"));
  for (const e of fs.readdirSync(path.join(root, "pages"), { withFileTypes: true }))
    out.add(e.name.replace(/\.(ts|tsx)$/, ""));
  // Only a segment a slug could spell can collide ('icons.svg' cannot: slugs have no dots).
  return [...out].filter((s) => /^[a-z0-9-]+$/.test(s)).sort();
}

describe("menu slugs", () => {
  it("reserve every first segment the app routes (a new route folder must be added to RESERVED_SEGMENTS)", () => {
    const segments = firstSegments();
    expect(segments).toContain("user");
    expect(segments).toContain("key");
    for (const s of segments)
      expect(RESERVED_SEGMENTS.has(s), `app route '/${s}' is missing from RESERVED_SEGMENTS`).toBe(true);
  });

  it("are made from the title", () => {
    expect(slugify("Service Department Resources & Training")).toBe("service-department-resources-and-training");
    expect(slugify("  Crème brûlée!! ")).toBe("creme-brulee");
    expect(slugify("???")).toBe("page");
    expect(slugify("x".repeat(300)).length).toBeLessThanOrEqual(180);
  });

  it("skip taken and reserved slugs", async () => {
    const taken = new Set(["news", "news-2"]);
    const isTaken = async (c: string[]) => new Set(c.filter((s) => taken.has(s)));
    expect(await uniqueSlug("News", isTaken)).toBe("news-3");
    expect(isReservedSlug("login")).toBe(true);
    expect(await uniqueSlug("Login", isTaken)).toBe("login-2");
    expect(await uniqueSlug("API", isTaken)).toBe("api-2");
    expect(await uniqueSlug("Calendar", isTaken)).toBe("calendar-2");
  });
});
