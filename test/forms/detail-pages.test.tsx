/**
 * Detail pages (docs/features/staff-forms.md): every staff form has a read-only detail page with every submitted field. Who may
 * open it is the get call's rule: staff their own records, roles 1 and 2 everyone's; someone else's
 * record is the same 404 as an unknown id (nothing tells them it exists). The lists link to it.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

import type { ReactElement } from "react";
import { eq, like } from "drizzle-orm";
import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { renderHtml } from "@/test/render-dom";
import { schema } from "@/lib/db";
import { POST as roAdd } from "@/app/api/v1/ro-reversal-request/add/update/route";
import { POST as techAdd } from "@/app/api/v1/techtime/add/update/route";
import { POST as suggestionAdd } from "@/app/api/v1/continuous/improvement/suggestions/add/update/route";
import { POST as uniformAdd } from "@/app/api/v1/uniform/request/add/update/route";
import RoView from "@/app/(portal)/roreversal/view/[id]/page";
import TechView from "@/app/(portal)/techtime/view/[id]/page";
import SuggestionView from "@/app/(portal)/continuous/improvement/suggestions/view/[id]/page";
import UniformView from "@/app/(portal)/uniform/request/view/[id]/page";
import { RoReversalTable } from "@/app/(portal)/roreversal/list/_components/ro-reversal-table";
import { UniformTable } from "@/app/(portal)/uniform/request/list/_components/uniform-table";
import { uniformList } from "@/lib/forms/uniform/queries";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { resolveToken } from "@/lib/auth/session";
import type { TableState } from "@/lib/data-table/state";

vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => new URLSearchParams(),
}));

const t = setupTestDatabase();
const tokens: Record<string, string> = {};
let location: { id: number; name: string };
type Page = (props: { params: Promise<{ id: string }> }) => Promise<unknown>;
type Handler = Parameters<typeof callRoute>[0];

const post = async (handler: Handler, path: string, body: unknown, who: string) => {
  const res = await callRoute(handler, apiRequest(path, { method: "POST", token: tokens[who], body }));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.content.id as number;
};

async function signIn(username: string) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
}

/** The page for `id` as `who`: its DOM, or the digest of what it threw ('NEXT_HTTP_ERROR_FALLBACK;404'). */
async function open(page: Page, id: number | string, who: string) {
  await signIn(who);
  try {
    return renderHtml((await page({ params: Promise.resolve({ id: String(id) }) })) as ReactElement);
  } catch (err) {
    const digest = (err as { digest?: unknown }).digest;
    if (typeof digest === "string") return digest;
    throw err;
  }
}
const NOT_FOUND = /^NEXT_HTTP_ERROR_FALLBACK;404$/;

/** The value of the definition-list entry labelled `label` (the first one). */
function valueOf(container: HTMLElement, label: string): string | undefined {
  const dt = [...container.querySelectorAll("dt")].find((d) => d.textContent === label);
  return dt?.nextElementSibling?.textContent ?? undefined;
}

const records: Record<"ro" | "tech" | "suggestion" | "uniform", { staff: number; admin: number }> = {} as never;

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
  [location] = await t
    .db()
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .where(eq(schema.locations.name, "Downtown Motors"));
  const ro = (name: string) => ({
    empolyee_name: name,
    date_of_request: "11/20/2026",
    full_ra: "RA-1001",
    date_ra_was_originally_closed: "2026-11-01",
    pay_type: "Warranty",
    location: location.id,
    reason: "Wrong labour line\nsecond line",
    howMuchTimeBilled: "2.5 h",
    questions: "92%",
  });
  const tech = (name: string) => ({
    empolyee_number: "T-77",
    empolyee_name: name,
    date: "11/20/2026",
    location: location.name,
    employee_email: "tom@example.com",
    attendanceClockTimeArr: [{ date: "11/19/2026", reason: "Forgot to clock in", timeIn: "8:00", timeOut: "17:30" }],
    shopTimeObjects: [
      {
        date: "2026-11-18",
        customerName: "ACME",
        roNumber: "RO-9",
        reason: "Missed punch",
        job: "Brakes",
        timeIn: "09:00",
        timeOut: "10:15",
      },
      { customerName: "Beta Corp", job: "Oil" },
    ],
  });
  const suggestion = (name: string) => ({
    name,
    date: "03/05/2026",
    location_id: location.id,
    email: "pat@example.com",
    phone_number: "555 0100",
    describe_current_process_and_problem: "Paper forms get lost",
    how_will_it_benefit_the_business: "Saves an hour a day",
  });
  const uniform = (first: string) => ({
    designation_id: 2,
    location_id: location.id,
    empolyee_first_name: first,
    empolyee_last_name: "Tech",
    requestor_name: "Sam Staff",
    new_hire: "yes",
    new_order: "yes",
    re_order: "no",
    wear_id: 3,
    text: "Shirt M, pants 32x30",
    shirt_quantity: "3",
    pant_quantity: "2",
    comment: "Starts Monday <b>early</b>",
  });
  const add = async (handler: Handler, path: string, body: (n: string) => unknown) => ({
    staff: await post(handler, path, body("Sam Mine"), "staff"),
    admin: await post(handler, path, body("Alex Theirs"), "admin"),
  });
  records.ro = await add(roAdd, "/api/v1/ro-reversal-request/add/update", ro);
  records.tech = await add(techAdd, "/api/v1/techtime/add/update", tech);
  records.suggestion = await add(suggestionAdd, "/api/v1/continuous/improvement/suggestions/add/update", suggestion);
  records.uniform = await add(uniformAdd, "/api/v1/uniform/request/add/update", uniform);
});

const pages: [keyof typeof records, Page, string][] = [
  ["ro", RoView as Page, "RO Reversal Request"],
  ["tech", TechView as Page, "Tech Time"],
  ["suggestion", SuggestionView as Page, "Continuous Improvement Suggestion"],
  ["uniform", UniformView as Page, "Uniform Request"],
];

describe("who may open a detail page", () => {
  it.each(pages)(
    "%s: staff their own; another's is the same 404 as an unknown id; roles 1 and 2 everyone's",
    async (kind, page, title) => {
      const mine = await open(page, records[kind].staff, "staff");
      expect(typeof mine).toBe("object");
      if (typeof mine === "string") return;
      expect(mine.screen.getByRole("heading", { level: 1, name: title })).toBeTruthy();
      expect(mine.html).toContain("Sam Mine");
      expect(await open(page, records[kind].admin, "staff")).toMatch(NOT_FOUND);
      expect(await open(page, 2_000_000_000, "staff")).toMatch(NOT_FOUND);
      expect(await open(page, "abc", "admin")).toMatch(NOT_FOUND);
      for (const who of ["manager", "admin"]) {
        for (const id of [records[kind].staff, records[kind].admin]) {
          const view = await open(page, id, who);
          expect(typeof view, `${who} opens ${kind} ${id}`).toBe("object");
        }
      }
      expect(await open(page, 2_000_000_000, "admin")).toMatch(NOT_FOUND);
    },
  );

  it("signed out: the page sends the visitor to /login before reading anything", async () => {
    cookieJar.clear();
    let digest = "";
    try {
      await UniformView({ params: Promise.resolve({ id: String(records.uniform.staff) }) });
    } catch (err) {
      digest = String((err as { digest?: unknown }).digest);
    }
    expect(digest).toMatch(/^NEXT_REDIRECT;.*\/login/);
  });
});

describe("what a detail page shows", () => {
  it("the uniform request in full: sizes, quantities and the note (as text); the list link only for roles 1 and 2", async () => {
    const view = await open(UniformView as Page, records.uniform.staff, "manager");
    if (typeof view === "string") throw new Error(view);
    const { container, screen, html } = view;
    expect(valueOf(container, "Designation")).toBe("Technician");
    expect(valueOf(container, "Employee First Name")).toBe("Sam Mine");
    expect(valueOf(container, "Location")).toBe(location.name);
    expect(valueOf(container, "New Hire")).toBe("Yes");
    expect(valueOf(container, "Replacement Uniform")).toBe("No");
    expect(valueOf(container, "Wear")).toBe("Shirt & Pant");
    expect(valueOf(container, "Size(s)")).toBe("Shirt M, pants 32x30");
    expect(valueOf(container, "Total Shirt Quantity")).toBe("3");
    expect(valueOf(container, "Total Pant Quantity")).toBe("2");
    expect(valueOf(container, "Total Item Quantity")).toBeUndefined();
    expect(valueOf(container, "Note/Comment")).toBe("Starts Monday <b>early</b>");
    expect(html).not.toContain("<b>early</b>");
    expect(valueOf(container, "Updated By")).toBe("Sam Staff");
    expect(screen.getByRole("link", { name: "Back to list" }).getAttribute("href")).toBe("/uniform/request/list");
    expect(screen.queryByRole("link", { name: "Edit" })).toBeNull();
    const own = await open(UniformView as Page, records.uniform.staff, "staff");
    if (typeof own === "string") throw new Error(own);
    expect(own.screen.queryByRole("link", { name: "Back to list" })).toBeNull();
  });

  it("tech time with its attendance and shop rows, each under its own heading", async () => {
    const view = await open(TechView as Page, records.tech.staff, "staff");
    if (typeof view === "string") throw new Error(view);
    const { container, screen } = view;
    expect(valueOf(container, "Emp Number")).toBe("T-77");
    expect(valueOf(container, "Date")).toBe("11/20/2026");
    expect(valueOf(container, "Employee Email")).toBe("tom@example.com");
    expect(screen.getByRole("heading", { level: 2, name: "Attendance Clock Time Corrections" })).toBeTruthy();
    const attendance = screen.getByRole("region", { name: "Attendance Clock Time Corrections" });
    expect(attendance.querySelectorAll("li")).toHaveLength(1);
    expect(valueOf(attendance, "Reason For Edit")).toBe("Forgot to clock in");
    expect(valueOf(attendance, "Time In")).toBe("08:00");
    const shop = screen.getByRole("region", { name: "Shop Time Corrections" });
    const rows = shop.querySelectorAll("li");
    expect(rows).toHaveLength(2);
    expect(valueOf(rows[0] as HTMLElement, "Customer Name")).toBe("ACME");
    expect(valueOf(rows[0] as HTMLElement, "Date")).toBe("11/18/2026");
    expect(valueOf(rows[1] as HTMLElement, "Customer Name")).toBe("Beta Corp");
    expect(valueOf(rows[1] as HTMLElement, "Time In")).toBe("Not given");
    expect(screen.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(
      `/techtime/edit/${records.tech.staff}`,
    );
  });

  it("the suggestion's phone and texts; the RO request's Warranty fields", async () => {
    const s = await open(SuggestionView as Page, records.suggestion.admin, "admin");
    if (typeof s === "string") throw new Error(s);
    expect(valueOf(s.container, "Phone")).toBe("555 0100");
    expect(valueOf(s.container, "What Project / Process Improvement are you Proposing?")).toBe("Paper forms get lost");
    expect(valueOf(s.container, "How will it Benefit the Business?")).toBe("Saves an hour a day");
    const ro = await open(RoView as Page, records.ro.staff, "staff");
    if (typeof ro === "string") throw new Error(ro);
    expect(valueOf(ro.container, "Date RA Was Originally Closed")).toBe("11/01/2026");
    expect(valueOf(ro.container, "Reason Reversal Is Required")).toBe("Wrong labour line\nsecond line");
    expect(valueOf(ro.container, "How much time in vs Billed?")).toBe("2.5 h");
    expect(valueOf(ro.container, "What is the Tech's Efficiency MTD?")).toBe("92%");
  });
});

describe("the submission mail links to the detail page", () => {
  it("the uniform request's mail and the submitter's copy open its detail page (no longer a filtered list)", async () => {
    // Its subject is the request's reference (lib/forms/references.ts): the same order, told apart by its employee.
    const copies = await t
      .db()
      .select()
      .from(schema.mailOutbox)
      .where(like(schema.mailOutbox.subject, "Copy: Uniform · Shirt × 3 + Pant × 2 · %"));
    expect(copies.map((m) => m.subject).sort()).toEqual([
      "Copy: Uniform · Shirt × 3 + Pant × 2 · Alex Theirs Tech",
      "Copy: Uniform · Shirt × 3 + Pant × 2 · Sam Mine Tech",
    ]);
    const link = new RegExp(`/uniform/request/view/${records.uniform.staff}(?!\\d)`);
    const mails = copies.filter((m) => link.test(m.body));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Copy: Uniform · Shirt × 3 + Pant × 2 · Sam Mine Tech");
    expect(mails[0].body).not.toContain("f_employee_name");
  });
});

describe("the lists link to the detail pages", () => {
  it("a View link per row (and Edit where the form has one)", async () => {
    const admin = await resolveToken(tokens.admin);
    const state: TableState = { page: 1, size: 25, sort: { id: "id", desc: true }, filters: { range: "all" } };
    const uniforms = await uniformList.list(state, admin!);
    const u = renderHtml(<UniformTable state={state} rows={uniforms.rows} total={uniforms.total} locations={[]} />);
    expect(u.screen.getByRole("link", { name: "View Sam Mine Tech" }).getAttribute("href")).toBe(
      `/uniform/request/view/${records.uniform.staff}`,
    );
    const ros = await roReversalList.list({ ...state, filters: {} }, admin!);
    const r = renderHtml(
      <RoReversalTable state={{ ...state, filters: {} }} rows={ros.rows} total={ros.total} canDelete />,
    );
    expect(r.screen.getByRole("link", { name: "View Sam Mine" }).getAttribute("href")).toBe(
      `/roreversal/view/${records.ro.staff}`,
    );
    expect(r.screen.getByRole("link", { name: "Edit Sam Mine" }).getAttribute("href")).toBe(
      `/roreversal/edit/${records.ro.staff}`,
    );
    // Where each request was made, sortable as every staff list's Location.
    expect(r.screen.getAllByRole("columnheader").some((h) => h.textContent?.startsWith("Location"))).toBe(true);
    expect(r.screen.getByRole("link", { name: "View Sam Mine" }).closest("tr")!.textContent).toContain(location.name);
    const byLocation = await roReversalList.list(
      { ...state, sort: { id: "location", desc: false }, filters: {} },
      admin!,
    );
    expect(byLocation.total).toBe(ros.total);
  });
});
