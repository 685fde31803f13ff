/**
 * The administrators' outbox page: who may open it, what it lists (newest first), empty state and paging;
 * and one mail's detail (its body as text).
 */
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
import OutboxMailPage from "@/app/(portal)/mail/outbox/[id]/page";

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

  it("a subject opens the mail: recipients, state and the body as text, a one-time link's secret hidden", async () => {
    await signIn("admin");
    const [id] = await enqueueMail(t.db(), {
      to: "ann@example.com",
      bcc: "audit@example.com",
      subject: "Welcome <b>aboard</b>",
      text: "Hello Ann,\n\nSet your password: https://portal.example.com/login/set-password/s3cretT0ken\n<script>x</script>",
    });
    const list = await open();
    expect(list.screen.getByRole("link", { name: "Welcome <b>aboard</b>" }).getAttribute("href")).toBe(
      `/mail/outbox/${id}`,
    );

    const openMail = async (raw: string) =>
      renderHtml((await OutboxMailPage({ params: Promise.resolve({ id: raw }) })) as ReactElement);
    const { screen, html } = await openMail(String(id));
    expect(screen.getByRole("heading", { level: 1, name: "Welcome <b>aboard</b>" })).toBeTruthy();
    const body = screen.getByRole("region", { name: "Message" });
    expect(body.textContent).toContain("Hello Ann,\n\nSet your password:");
    expect(body.textContent).toContain("<script>x</script>");
    expect(html).not.toContain("<script>x");
    expect(html).not.toContain("s3cretT0ken");
    expect(body.textContent).toContain("/login/set-password/[hidden]");
    expect(screen.getByText("bcc audit@example.com")).toBeTruthy();
    expect(screen.getByText("Pending")).toBeTruthy();

    // Unknown and malformed ids are the 404; staff and managers get the 403.
    expect(await thrownDigest(OutboxMailPage({ params: Promise.resolve({ id: "999999" }) }))).toMatch(
      /^NEXT_HTTP_ERROR_FALLBACK;404/,
    );
    expect(await thrownDigest(OutboxMailPage({ params: Promise.resolve({ id: "x" }) }))).toMatch(
      /^NEXT_HTTP_ERROR_FALLBACK;404/,
    );
    vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");
    for (const user of ["staff", "manager"]) {
      await signIn(user);
      expect(await thrownDigest(OutboxMailPage({ params: Promise.resolve({ id: String(id) }) }))).toMatch(
        /^NEXT_HTTP_ERROR_FALLBACK;403/,
      );
    }
    vi.unstubAllEnvs();
  });
});
