/**
 * Forms that know who you are (docs/features/staff-forms.md): each add page starts filled from the
 * signed-in user's profile (name, e-mail, employee id, location), rendered on the server; Save opens the
 * new record, where 'Submit another' shows; a suggestion that proposes nothing is refused on every write
 * path; the RO reversal's warranty messages name their labels.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("next/server", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/server")>()),
  connection: async () => {},
}));

/** What the record page's address holds after `?` (a test sets `saved` as a Save's redirect would). */
const search = { params: new URLSearchParams() };
vi.mock("next/navigation", async (importOriginal) => ({
  ...(await importOriginal<typeof import("next/navigation")>()),
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn(), refresh: vi.fn() }),
  usePathname: () => "/",
  useSearchParams: () => search.params,
}));

import type { ReactElement } from "react";
import { eq } from "drizzle-orm";
import { cookieJar } from "@/test/mock-next-headers";
import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { renderHtml } from "@/test/render-dom";
import { schema } from "@/lib/db";
import { FORM_DEPARTMENT_ID } from "@/lib/forms/locations";
import { SUGGESTION_MESSAGES } from "@/lib/forms/suggestions/schemas";
import { RO_MESSAGES } from "@/lib/forms/ro-reversal/schemas";
import { POST as suggestionSave } from "@/app/api/v1/continuous/improvement/suggestions/add/update/route";
import { POST as roSave } from "@/app/api/v1/ro-reversal-request/add/update/route";
import RoAdd from "@/app/(portal)/roreversal/add/page";
import TechAdd from "@/app/(portal)/techtime/add/page";
import SuggestionAdd from "@/app/(portal)/continuous/improvement/suggestions/add/page";
import UniformAdd from "@/app/(portal)/uniform/request/add/page";
import TimeOffAdd from "@/app/(portal)/timeoff/add/page";
import SuggestionView from "@/app/(portal)/continuous/improvement/suggestions/view/[id]/page";

const { saveSuggestionAction } = await import("@/lib/forms/suggestions/actions");

const t = setupTestDatabase();
let token = "";
let home = { id: 0, name: "" };

async function signIn(username: string) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
}

/** An add page as the staff user: its DOM as the server renders it. */
async function open(page: () => Promise<unknown>) {
  await signIn("staff");
  return renderHtml((await page()) as ReactElement);
}

/** The value of the form control labelled `label`. */
const valueOf = (screen: ReturnType<typeof renderHtml>["screen"], label: string | RegExp) =>
  (screen.getByLabelText(label) as HTMLInputElement).value;

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

const SUGGESTION = {
  name: "Sam Staff",
  date: "2026-11-20",
  email: "staff@example.com",
  phoneNumber: "",
  describeCurrentProcessAndProblem: "Label the spare keys by bay",
  howWillItBenefit: "",
};

beforeAll(async () => {
  const db = t.db();
  [home] = await db
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .where(eq(schema.locations.departmentId, FORM_DEPARTMENT_ID))
    .limit(1);
  await db.update(schema.users).set({ empId: "E-4711", locationId: home.id }).where(eq(schema.users.username, "staff"));
  token = await tokenFor(db, "staff");
});

describe("an add page starts filled from the profile (server-rendered, editable)", () => {
  it("RO reversal: the employee name and the location", async () => {
    const { screen } = await open(RoAdd);
    expect(valueOf(screen, /^Employee Name/)).toBe("Sam Staff");
    expect(valueOf(screen, /^Location/)).toBe(String(home.id));
    expect(screen.getByLabelText(/^Employee Name/).hasAttribute("readonly")).toBe(false);
    expect(valueOf(screen, /^Date of Request/)).toBe(today());
  });

  it("tech time: the employee number, name, e-mail and location; times are time pickers", async () => {
    const { screen, container } = await open(TechAdd);
    expect(valueOf(screen, /^Emp Number/)).toBe("E-4711");
    expect(valueOf(screen, /^Employee's Full Name/)).toBe("Sam Staff");
    expect(valueOf(screen, /^Employee Email/)).toBe("staff@example.com");
    expect(valueOf(screen, /^Location/)).toBe(String(home.id));
    const times = [...container.querySelectorAll("input")].filter((i) => /timeIn|timeOut/.test(i.name));
    expect(times.length).toBe(16);
    for (const input of times) expect(input.type).toBe("time");
  });

  it("suggestion: the name, e-mail and location; the date is the date picker set to today", async () => {
    const { screen } = await open(SuggestionAdd);
    expect(valueOf(screen, /^Name/)).toBe("Sam Staff");
    expect(valueOf(screen, /^Email/)).toBe("staff@example.com");
    expect(valueOf(screen, /^Location/)).toBe(String(home.id));
    const date = screen.getByLabelText(/^Date/) as HTMLInputElement;
    expect(date.type).toBe("date");
    expect(date.value).toBe(today());
  });

  it("uniform: the employee's names and the location; the requestor is the user, read-only", async () => {
    const { screen } = await open(UniformAdd);
    expect(valueOf(screen, /^Employee First Name/)).toBe("Sam");
    expect(valueOf(screen, /^Employee Last Name/)).toBe("Staff");
    expect(valueOf(screen, /^Location/)).toBe(String(home.id));
    expect(valueOf(screen, /^Requestor Name/)).toBe("Sam Staff");
  });

  it("time off: the requester's name and e-mail, and the location", async () => {
    const { screen, html } = await open(TimeOffAdd);
    expect(html).toContain("Sam Staff");
    expect(html).toContain("staff@example.com");
    expect(valueOf(screen, /^Location/)).toBe(String(home.id));
  });
});

describe("a suggestion that proposes nothing is refused on every write path", () => {
  const blank = { describeCurrentProcessAndProblem: "", howWillItBenefit: "  " };

  it("the add and edit screens' action", async () => {
    await signIn("staff");
    const refused = await saveSuggestionAction({ ...SUGGESTION, ...blank, locationId: String(home.id) });
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: { describeCurrentProcessAndProblem: [SUGGESTION_MESSAGES.proposal] },
    });
    const saved = await saveSuggestionAction({ ...SUGGESTION, locationId: String(home.id) });
    expect(saved.ok).toBe(true);
    const id = (saved as { data: { id: number } }).data.id;
    const edit = await saveSuggestionAction({ ...SUGGESTION, ...blank, locationId: String(home.id), id });
    expect(edit).toMatchObject({
      ok: false,
      fieldErrors: { describeCurrentProcessAndProblem: [SUGGESTION_MESSAGES.proposal] },
    });
    const [row] = await t
      .db()
      .select()
      .from(schema.improvementSuggestions)
      .where(eq(schema.improvementSuggestions.id, id));
    expect(row.describeCurrentProcessAndProblem).toBe(SUGGESTION.describeCurrentProcessAndProblem);
  });

  it("the v1 add and update call (422 under the payload's name)", async () => {
    const path = "/api/v1/continuous/improvement/suggestions/add/update";
    const post = (body: unknown) => callRoute(suggestionSave, apiRequest(path, { method: "POST", token, body }));
    const body = { name: "Sam Staff", date: "11/20/2026", location_id: home.id, email: "staff@example.com" };
    const add = await post(body);
    expect(add.status).toBe(422);
    expect(JSON.stringify(add.json)).toContain(SUGGESTION_MESSAGES.proposal);
    expect(JSON.stringify(add.json)).toContain("describe_current_process_and_problem");

    const ok = await post({ ...body, how_will_it_benefit_the_business: "Saves an hour a day" });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const id = ok.json.content.id as number;
    // An update that blanks the only answer it had leaves nothing proposed.
    const update = await post({ id, how_will_it_benefit_the_business: "" });
    expect(update.status).toBe(422);
    expect(JSON.stringify(update.json)).toContain(SUGGESTION_MESSAGES.proposal);
    // An update that names neither answer keeps the stored one: fine.
    expect((await post({ id, name: "Sam S." })).status).toBe(200);
  });
});

describe("Save opens the new record, with 'Submit another' on it", () => {
  it("the record page offers 'Submit another' (the add page) only just after a save", async () => {
    await signIn("staff");
    const saved = await saveSuggestionAction({ ...SUGGESTION, locationId: String(home.id) });
    const id = String((saved as { data: { id: number } }).data.id);
    const render = async () =>
      renderHtml((await SuggestionView({ params: Promise.resolve({ id }) })) as ReactElement).screen;
    expect((await render()).queryByRole("link", { name: "Submit another" })).toBeNull();
    search.params = new URLSearchParams("saved=1");
    try {
      const link = (await render()).getByRole("link", { name: "Submit another" });
      expect(link.getAttribute("href")).toBe("/continuous/improvement/suggestions/add");
    } finally {
      search.params = new URLSearchParams();
    }
  });
});

describe("required messages say the label's words", () => {
  it("RO reversal Warranty: 'How much time in vs Billed?' and 'What is the Tech's Efficiency MTD?'", async () => {
    const res = await callRoute(
      roSave,
      apiRequest("/api/v1/ro-reversal-request/add/update", {
        method: "POST",
        token,
        body: {
          empolyee_name: "Sam Staff",
          date_of_request: "11/20/2026",
          full_ra: "RA-1",
          date_ra_was_originally_closed: "11/02/2026",
          pay_type: "Warranty",
          location: home.id,
          reason: "Duplicate labour line",
        },
      }),
    );
    expect(res.status).toBe(422);
    const text = JSON.stringify(res.json);
    expect(text).toContain(RO_MESSAGES.billedTime);
    expect(text).toContain(RO_MESSAGES.questions);
    expect(RO_MESSAGES.billedTime).toBe("Please enter How much time in vs Billed");
    expect(RO_MESSAGES.questions).toBe("Please enter the Tech's Efficiency MTD");
  });
});
