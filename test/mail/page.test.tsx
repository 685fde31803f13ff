/** The administrators' outbox page: who may open it, what it lists (newest first), empty state and paging. */
import { beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/mail/outbox",
}));

import type { ReactElement } from "react";
import { eq, sql } from "drizzle-orm";
import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { renderHtml } from "@/test/render-dom";
import { schema } from "@/lib/db";
import { enqueueMail, enqueueMails } from "@/lib/mail/outbox";
import OutboxPage from "@/app/(portal)/mail/outbox/page";

const t = setupTestDatabase();
const o = schema.mailOutbox;

async function signIn(username: string) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
}

const open = async (query: Record<string, string> = {}) =>
  renderHtml((await OutboxPage({ searchParams: Promise.resolve(query) })) as ReactElement);

/** Where a thrown redirect()/forbidden() points (the digest Next gives them). */
async function thrownDigest(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    return String((err as { digest?: unknown }).digest);
  }
  return "rendered";
}

beforeEach(async () => {
  await t.db().delete(o);
});

describe("/mail/outbox", () => {
  it("is for administrators only", async () => {
    // What next.config.ts's experimental.authInterrupts sets in the app: forbidden() renders the 403 screen.
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    for (const user of ["staff", "manager"]) {
      await signIn(user);
      expect(await thrownDigest(OutboxPage({ searchParams: Promise.resolve({}) }))).toMatch(
        /^NEXT_HTTP_ERROR_FALLBACK;403/,
      );
    }
    vi.unstubAllEnvs();
  });

  it("says so when the outbox is empty", async () => {
    await signIn("admin");
    const { screen } = await open();
    expect(screen.getByRole("heading", { level: 1, name: "Mail Outbox" })).toBeTruthy();
    expect(screen.getByText("The outbox is empty.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("lists mail newest first with status, recipients, subject, attempts and the last error", async () => {
    await signIn("admin");
    const [older] = await enqueueMail(t.db(), {
      to: "ann@example.com",
      cc: "carl@example.com",
      subject: "Older <b>mail</b>",
      text: "x",
    });
    await t
      .db()
      .update(o)
      .set({ createdAt: sql`now() - interval '1 hour'`, attempts: 3, lastError: "ESOCKET: connect ECONNREFUSED" })
      .where(eq(o.id, older));
    await enqueueMail(t.db(), { to: "bob@example.com", subject: "Newer mail", text: "x" });
    const { screen, html } = await open();
    const table = screen.getByRole("table", { name: /Mail, newest first: 2 in all, page 1 of 1/ });
    const rows = table.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("Newer mail");
    expect(rows[1].textContent).toContain("Older <b>mail</b>");
    expect(html).not.toContain("<b>mail</b>");
    expect(rows[1].textContent).toContain("ann@example.com");
    expect(rows[1].textContent).toContain("cc carl@example.com");
    expect(rows[1].textContent).toContain("Pending");
    expect(rows[1].textContent).toContain("ECONNREFUSED");
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Created",
      "Status",
      "Recipients",
      "Subject",
      "Attempts",
      "Last error",
      "Sent",
    ]);
  });

  it("pages on the server through ?page=", async () => {
    await signIn("admin");
    await enqueueMails(
      t.db(),
      Array.from({ length: 30 }, (_, i) => ({ to: `u${i}@example.com`, subject: `Notice ${i}`, text: "x" })),
    );
    const second = await open({ page: "2" });
    expect(
      second.screen.getByRole("table", { name: /30 in all, page 2 of 2/ }).querySelectorAll("tbody tr"),
    ).toHaveLength(5);
    expect(second.screen.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/mail/outbox");
    expect(await thrownDigest(OutboxPage({ searchParams: Promise.resolve({ page: "9" }) }))).toMatch(
      /^NEXT_REDIRECT;replace;\/mail\/outbox\?page=2;/,
    );
    expect(await thrownDigest(OutboxPage({ searchParams: Promise.resolve({ page: "x" }) }))).toMatch(
      /^NEXT_REDIRECT;replace;\/mail\/outbox;/,
    );
  });
});
