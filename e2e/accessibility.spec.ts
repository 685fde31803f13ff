import { expect, test, type Browser, type Page } from "@playwright/test";
import { axeViolations, expectNoAxeViolations } from "./support/axe";
import { CalendarPage } from "./pages/calendar-page";
import { ContentPage } from "./pages/content-page";
import { ROLES, storageStateOf, type Role } from "./support/env";

/**
 * axe on every screen, for every role, at desktop and phone width: 0 violations is the bar.
 * A new screen adds itself to SCREENS: a name, and how to open it (and for whom, when not everyone).
 */
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Records made once per run for the screens that show one (post detail, edit forms). */
type Fixture = { postPath: string; postEdit: string; attachmentEdit: string; dateEdit: string; mustReadPath: string };

/** A screen: its name, how to open it, and whom it is scanned for (by default READERS). */
type Screen = { name: string; roles?: readonly Role[]; open: (page: Page, f: Fixture) => Promise<void> };

const content = (path: string, ready: (p: Page) => Promise<void>) => async (page: Page) => {
  await page.goto(path);
  await ready(page);
};
const heading =
  (name: string, level = 1) =>
  async (page: Page) =>
    void (await expect(page.getByRole("heading", { level, name })).toBeVisible());

/** The screens only the administrator opens; the other roles get the 403 page, scanned once as "403". */
const ADMIN: readonly Role[] = ["admin"];
/**
 * Each distinct layout is scanned once per width: a screen every role sees is scanned as the administrator (its
 * management controls) and as staff. The store manager's view of such a screen is the staff's plus the approver's
 * header and menu entries, which the manager's own screens scan (calendar, request lists, inbox, compliance); a
 * screen whose content differs for the manager says so with EVERYONE.
 */
const READERS: readonly Role[] = ["admin", "staff"];
const EVERYONE: readonly Role[] = ROLES;

const SCREENS: Screen[] = [
  { name: "discussion tab", open: content("/company-news", heading("Company News")) },
  { name: "save-the-date tab", open: content("/company-news?tab=save-the-date", heading("Company News")) },
  {
    name: "attachment tab",
    open: content(
      "/documents",
      async (p) => void (await expect(p.getByRole("link", { name: "List view" })).toBeVisible()),
    ),
  },
  {
    name: "attachment tab, list view",
    open: content(
      "/documents?view=list",
      async (p) => void (await expect(p.getByRole("link", { name: "Grid view" })).toBeVisible()),
    ),
  },
  {
    name: "post detail",
    open: async (page, f) => {
      await page.goto(f.postPath);
      await expect(
        page
          .getByRole("link", { name: "Back" })
          .or(page.getByRole("button", { name: "Back" }))
          .first(),
      ).toBeVisible();
    },
  },
  { name: "discussion add form (admin)", roles: ADMIN, open: content("/company-news/discussion/add", formShown) },
  { name: "attachment add form (admin)", roles: ADMIN, open: content("/documents/attachment/add", formShown) },
  { name: "save-the-date add form (admin)", roles: ADMIN, open: content("/company-news/event/add", formShown) },
  { name: "discussion edit form (admin)", roles: ADMIN, open: async (page, f) => content(f.postEdit, formShown)(page) },
  {
    name: "attachment edit form (admin)",
    roles: ADMIN,
    open: async (page, f) => content(f.attachmentEdit, formShown)(page),
  },
  {
    name: "save-the-date edit form (admin)",
    roles: ADMIN,
    open: async (page, f) => content(f.dateEdit, formShown)(page),
  },
  {
    name: "calendar month",
    roles: EVERYONE,
    open: async (page) => {
      const cal = new CalendarPage(page);
      await cal.goto();
      await cal.monthButton.click(); // phones open in the list
      await expect(cal.monthButton).toHaveAttribute("aria-pressed", "true");
    },
  },
  {
    name: "calendar list",
    roles: EVERYONE,
    open: async (page) => {
      const cal = new CalendarPage(page);
      await cal.goto();
      await cal.listButton.click();
      await expect(cal.monthButton).toHaveAttribute("aria-pressed", "false");
    },
  },
  {
    name: "event form",
    roles: ["admin", "manager"],
    open: async (page) => {
      const cal = new CalendarPage(page);
      await cal.goto();
      await cal.addButton.click();
      await expect(page.getByRole("heading", { name: "Add Calendar Event" })).toBeVisible();
    },
  },
  {
    name: "user list (admin)",
    roles: ADMIN,
    open: content("/user/list", async (p) => void (await expect(p.getByRole("table")).toBeVisible())),
  },
  {
    name: "mail outbox (admin)",
    roles: ADMIN,
    open: content(
      "/mail/outbox",
      async (p) => void (await expect(p.getByRole("heading", { level: 1 }).first()).toBeVisible()),
    ),
  },
  {
    name: "search results",
    open: content(
      "/search?q=warranty+policies",
      async (p) =>
        void (await expect(
          p.getByRole("heading", { level: 1, name: "Results for “warranty policies”" }),
        ).toBeVisible()),
    ),
  },
  {
    name: "search box with suggestions",
    open: async (page) => {
      await page.goto("/company-news");
      const box = page.getByRole("combobox", { name: "Search the portal" });
      await expect(async () => {
        await page.keyboard.press("Control+k");
        await expect(box).toBeVisible({ timeout: 1000 });
      }).toPass();
      await box.fill("warr");
      await expect(page.getByRole("option", { name: /Warranty Policies/ })).toBeVisible();
    },
  },
  {
    name: "edit profile",
    open: content(
      "/changeprofile",
      async (p) => void (await expect(p.getByRole("heading", { name: "Edit Profile" })).toBeVisible()),
    ),
  },
  {
    name: "change password modal",
    open: async (page) => {
      await page.goto("/changeprofile");
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByRole("dialog", { name: "Change Password" })).toBeVisible();
    },
  },
  {
    name: "edit user (admin)",
    roles: ["admin"],
    open: async (page) => {
      await page.goto("/user/list?f_email=staff%40example.com");
      await page
        .getByRole("link", { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole("heading", { name: "Edit User" })).toBeVisible();
    },
  },
  {
    name: "HR list order (admin)",
    roles: ADMIN,
    open: content(
      "/hrdragview",
      async (p) => void (await expect(p.getByRole("heading", { name: "HR List Order" })).toBeVisible()),
    ),
  },
  {
    name: "e-mail notification (admin)",
    roles: ["admin"],
    open: async (page) => {
      await page.goto("/user/list");
      await page.getByRole("button", { name: "Send e-mail notification" }).click();
      await expect(page.getByRole("dialog", { name: "Send e-mail notification" })).toBeVisible();
    },
  },
  { name: "calendar key list (admin)", roles: ADMIN, open: content("/key/list", tableShown) },
  { name: "calendar key add form (admin)", roles: ADMIN, open: content("/key/add", formShown) },
  { name: "attachment group list (admin)", roles: ADMIN, open: content("/attachment-group/list", tableShown) },
  { name: "attachment group add form (admin)", roles: ADMIN, open: content("/attachment-group/add", formShown) },
  {
    name: "menu editor (admin)",
    roles: ADMIN,
    open: content(
      "/menu/add-edit-menu",
      async (p) => void (await expect(p.getByRole("list", { name: "Main menus" })).toBeVisible()),
    ),
  },
  {
    name: "menu editor with a sub-menu panel and an open editor (admin)",
    roles: ADMIN,
    open: async (page) => {
      await page.goto("/menu/service-department");
      await expect(page.getByRole("list", { name: /^Sub menus of / })).toBeVisible();
      await page.getByRole("button", { name: "Add Sub Menu" }).click();
      await expect(page.getByRole("form", { name: "Add sub menu" })).toBeVisible();
    },
  },
  {
    name: "suggestion list",
    roles: EVERYONE,
    open: content("/continuous/improvement/suggestions/list", heading("Continuous Improvement Suggestions")),
  },
  {
    name: "suggestion add form",
    open: content("/continuous/improvement/suggestions/add", heading("Continuous Improvement Suggestion")),
  },
  { name: "uniform request form", open: content("/uniform/request/add", heading("Uniform Request")) },
  {
    name: "uniform request list",
    roles: ["admin", "manager"],
    open: content("/uniform/request/list", heading("Uniform Requests")),
  },
  {
    name: "uniform request list, date-range picker open",
    roles: ["admin"],
    open: async (page) => {
      await page.goto("/uniform/request/list");
      await page.getByRole("button", { name: /^Date range:/ }).click();
      await expect(page.getByRole("button", { name: "Apply Filter" })).toBeVisible();
    },
  },
  { name: "RO reversal form", open: content("/roreversal/add", heading("RO Reversal Request")) },
  { name: "RO reversal list", roles: EVERYONE, open: content("/roreversal/list", heading("RO Reversal Requests")) },
  { name: "tech time form", open: content("/techtime/add", heading("Tech Time")) },
  { name: "tech time list", roles: EVERYONE, open: content("/techtime/list", heading("Tech Time")) },
  {
    name: "form email manager list (admin)",
    roles: ADMIN,
    open: content(
      "/form/email/manager/list",
      async (p) => void (await expect(p.getByRole("heading", { level: 1, name: "Form Email Manager" })).toBeVisible()),
    ),
  },
  {
    name: "form email manager form (admin)",
    roles: ADMIN,
    open: content(
      "/form/email/manager/add",
      async (p) => void (await expect(p.getByRole("heading", { level: 1, name: "Form Email Manager" })).toBeVisible()),
    ),
  },
  { name: "to read", open: content("/to-read", heading("To read")) },
  { name: "approvals inbox", roles: ["admin", "manager"], open: content("/approvals", heading("Waiting for me")) },
  {
    name: "compliance board (admin; role 2: their location's)",
    roles: ["admin", "manager"],
    open: content(
      "/compliance",
      async (p) => void (await expect(p.getByRole("heading", { level: 1, name: "Compliance" })).toBeVisible()),
    ),
  },
  {
    name: "must-read post detail (acknowledge button; readers panel for admin)",
    open: async (page, f) => {
      await page.goto(f.mustReadPath);
      await expect(
        page.getByRole("button", { name: "I have read and understood this" }).or(page.getByText(/^Acknowledged on/)),
      ).toBeVisible();
    },
  },
  { name: "my requests", open: content("/my/requests", heading("My requests")) },
  {
    name: "request deadlines (admin)",
    roles: ADMIN,
    open: content(
      "/requests/deadlines",
      async (p) => void (await expect(p.getByRole("heading", { level: 1, name: "Request deadlines" })).toBeVisible()),
    ),
  },
  {
    name: "my requests, filtered",
    open: content("/my/requests?form=ro_reversal&status=approved", heading("My requests")),
  },
  {
    // The one page every refused screen shows (app/forbidden.tsx), the same for every role it refuses.
    name: "403",
    roles: ["staff"],
    open: content("/user/list", async (p) => void (await expect(p.getByText("Oops! 403 Sorry!")).toBeVisible())),
  },
  {
    name: "404",
    open: content(
      "/no-such-page",
      async (p) => void (await expect(p.getByText("The page you are looking for does not exist.")).toBeVisible()),
    ),
  },
];

async function tableShown(page: Page) {
  await expect(page.getByRole("table")).toBeVisible();
}

async function formShown(page: Page) {
  await expect(page.getByRole("button", { name: /^(Save|Update|Update Post)$/ }).first()).toBeVisible();
}

let fixture: Promise<Fixture> | null = null;

/** One post, link attachment and save-the-date entry, made by the administrator (once per worker). */
function makeFixture(browser: Browser): Promise<Fixture> {
  return (fixture ??= (async () => {
    const context = await browser.newContext({ storageState: storageStateOf("admin") });
    const page = await context.newPage();
    const ui = new ContentPage(page);
    const title = `Axe ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    await page.goto("/company-news/discussion/add");
    await ui.titleField.fill(`${title} post`);
    await ui.descriptionField.fill("Checked by axe; see www.example.com");
    await ui.button("Save").click();
    const postLink = page.getByRole("link", { name: `${title} post`, exact: true });
    const postPath = (await postLink.getAttribute("href"))!;
    const postEdit = (await page.getByRole("link", { name: `Edit ${title} post`, exact: true }).getAttribute("href"))!;

    // A must-read for everyone (docs/features/must-read.md): its page shows the acknowledgement, and administrators its readers.
    await page.goto("/company-news/discussion/add");
    await ui.titleField.fill(`${title} must read`);
    await page.getByRole("checkbox", { name: /^Must read/ }).check();
    await ui.button("Save").click();
    await expect(page).toHaveURL(/\/company-news$/);
    const mustReadPath = (await page
      .getByRole("link", { name: `${title} must read`, exact: true })
      .getAttribute("href"))!;

    await page.goto("/documents/attachment/add");
    await ui.titleField.fill(`${title} link`);
    await page.getByRole("radio", { name: "Link" }).check();
    await page.getByRole("textbox", { name: "Link" }).fill("https://parts.example.com/axe");
    await ui.button("Save").click();
    await expect(page).toHaveURL(/\/documents$/);
    await page.goto("/documents?view=list");
    const attachmentEdit = (await page
      .getByRole("link", { name: `Edit ${title} link`, exact: true })
      .getAttribute("href"))!;

    await page.goto("/company-news/event/add");
    await ui.titleField.fill(`${title} date`);
    await page.getByLabel("Date", { exact: true }).fill("2030-07-04");
    await ui.button("Save").click();
    await expect(page).toHaveURL(/tab=save-the-date$/);
    const dateEdit = (await page.getByRole("link", { name: `Edit ${title} date`, exact: true }).getAttribute("href"))!;
    await context.close();
    return { postPath, postEdit, attachmentEdit, dateEdit, mustReadPath };
  })());
}

type Width = keyof typeof WIDTHS;

/**
 * One signed-in page per role and width for each worker, reused by that role's screens: each screen is still a
 * test of its own, but it no longer pays for a fresh browser context with an empty cache (the portal's scripts
 * fetched and compiled again for every scan). A test that fails restarts its worker, so the next starts afresh.
 */
const axeTest = test.extend<object, { signedIn: (role: Role, width: Width) => Promise<Page> }>({
  signedIn: [
    async ({ browser }, use) => {
      const pages = new Map<string, Promise<Page>>();
      await use((role, width) => {
        const key = `${role} ${width}`;
        let page = pages.get(key);
        if (!page) {
          page = (async () => {
            // Reduced motion: axe reads colours at rest (a view button read in its 150 ms colour transition, white
            // on a background still half white, was once a contrast failure).
            const context = await browser.newContext({
              storageState: storageStateOf(role),
              viewport: WIDTHS[width],
              reducedMotion: "reduce",
            });
            const page = await context.newPage();
            // A screen left with a dirty form must not hold the next one at 'Leave this page?'.
            page.on("dialog", (dialog) => void dialog.accept());
            return page;
          })();
          pages.set(key, page);
        }
        return page;
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: "worker" },
  ],
});

test("the scan reports what it finds: an image without a text alternative, a field without a label", async ({
  page,
}) => {
  await page.setContent(
    '<html lang="en"><body><main><h1>T</h1><img src="/x.png"><input type="text"></main></body></html>',
  );
  const found = await axeViolations(page);
  expect(found).toContainEqual(expect.stringMatching(/^image-alt \(critical\): .* at img$/));
  expect(found).toContainEqual(expect.stringMatching(/^label \(critical\): .* at input$/));
});

for (const [widthName, viewport] of Object.entries(WIDTHS) as [Width, (typeof WIDTHS)[Width]][]) {
  axeTest.describe(`axe at ${widthName} width`, () => {
    axeTest.use({ viewport });

    axeTest("login", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
      await expectNoAxeViolations(page, `login (${widthName})`);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByText("Username Required")).toBeVisible();
      await expectNoAxeViolations(page, `login with field errors (${widthName})`);
    });

    for (const role of ROLES) {
      axeTest.describe(role, () => {
        for (const screen of SCREENS) {
          if (!(screen.roles ?? READERS).includes(role)) continue;
          axeTest(screen.name, async ({ browser, signedIn }) => {
            // Three times the usual time: a worker's first test also makes the shared records (three
            // saves), and axe on a large screen (the menu editor) takes a while on a busy machine. With
            // 30 s, one slow test restarted the worker and every later test of it timed out making them.
            axeTest.slow();
            const f = await makeFixture(browser);
            const page = await signedIn(role, widthName);
            await screen.open(page, f);
            await expectNoAxeViolations(page, `${screen.name} as ${role} (${widthName})`);
          });
        }
      });
    }
  });
}
