/** 'To read' with nothing addressed to the reader says one thing, not two. */
import { describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/to-read",
}));

import type { ReactElement } from "react";
import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { renderHtml } from "@/test/render-dom";
import { schema } from "@/lib/db";
import ToReadPage from "@/app/(portal)/to-read/page";

const t = setupTestDatabase();

describe("/to-read", () => {
  it("with no must-read posts says only that there are none", async () => {
    await t.db().update(schema.posts).set({ mustRead: false });
    cookieJar.clear();
    cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), "staff")).cookie);
    const { container, screen } = renderHtml((await ToReadPage()) as ReactElement);
    expect(screen.getByRole("heading", { level: 1, name: "To read" })).toBeTruthy();
    expect(screen.getByText("There are no must-read posts for you.")).toBeTruthy();
    expect(container.textContent).not.toContain("You have read every post");
    expect(screen.queryByRole("list", { name: "Must-read posts" })).toBeNull();
  });
});
