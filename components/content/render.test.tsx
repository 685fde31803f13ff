import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => "/news",
}));

import { renderHtml } from "@/test/render-dom";
import type { PageState } from "@/lib/content/page-href";
import type { AttachmentGroupItem, AttachmentRow } from "@/lib/content/attachment/queries";
import type { DiscussionRow } from "@/lib/content/discussion/queries";
import type { SaveTheDateRow } from "@/lib/content/save-the-date/queries";
import { AttachmentList, DiscussionList, FileList, SaveTheDateList } from "./list-items";
import { ContentTabs, GroupHead, PageHead, Pager, SubMenus } from "./page-parts";
import { ListToolbar } from "./list-toolbar";
import { UserText } from "./user-text";

const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
const at = new Date("2026-03-04T10:05:00Z");
const doc = (id: number, name: string, extension: string) => ({
  id,
  path: `post/2026/03/${id}.${extension}`,
  name,
  size: 10,
  mime: "application/octet-stream",
  extension,
});

const post = (over: Partial<DiscussionRow> = {}): DiscussionRow => ({
  id: 5,
  menuId: 1,
  title: evil,
  description: `${evil} https://example.com ${"y".repeat(600)}`,
  pin: true,
  audienceLocationIds: [],
  audienceRoleIds: [],
  publishAt: null,
  expiresAt: null,
  mustRead: false,
  dueAt: null,
  ackRound: 1,
  createdAt: at,
  updatedAt: at,
  publishedAt: at,
  editedAt: null,
  updatedName: "Alex Admin",
  documents: [],
  ...over,
});

describe("user text is shown as text, links stay clickable", () => {
  it("escapes markup and links only web addresses, in a new tab", () => {
    const { html, screen, container } = renderHtml(
      <UserText text={`${evil} see https://example.com/a?b=1&c=2 or javascript:alert(1) www.example.org`} />,
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(container.textContent).toContain(`${evil} see https://example.com/a?b=1&c=2 or javascript:alert(1)`);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "https://example.com/a?b=1&c=2",
      "https://www.example.org",
    ]);
    expect(links[0].getAttribute("target")).toBe("_blank");
    expect(links[0].getAttribute("rel")).toBe("noopener noreferrer nofollow");
  });

  it("does not link addresses with credentials (the one web-address rule)", () => {
    const { screen } = renderHtml(<UserText text="https://user:pw@example.com/x" />);
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("cuts at the given length with 'Read more' to the post", () => {
    const { screen, container } = renderHtml(<UserText text={"x".repeat(30)} max={10} moreHref="/news/post/5" />);
    expect(container.textContent).toBe(`${"x".repeat(10)}... Read more`);
    expect(screen.getByRole("link", { name: "Read more" }).getAttribute("href")).toBe("/news/post/5");
  });
});

describe("the discussion list", () => {
  it("dates a post by its publish moment and shows a later edit as 'Edited' with its own time", () => {
    const times = (c: HTMLElement) => [...c.querySelectorAll("time")].map((t) => t.getAttribute("datetime"));
    const published = new Date("2026-03-04T22:07:00Z");
    // Written (and edited) at 10:05, published at 22:07: dated 22:07, and the edit before publishing is no 'Edited'.
    const scheduled = renderHtml(
      <DiscussionList rows={[post({ publishedAt: published, editedAt: at })]} slug="news" isAdmin={false} />,
    ).container;
    expect(times(scheduled)).toEqual([published.toISOString(), published.toISOString()]);
    expect(scheduled.textContent).not.toContain("Edited");
    const edit = new Date("2026-03-05T01:30:00Z");
    const edited = renderHtml(
      <DiscussionList rows={[post({ publishedAt: at, editedAt: edit })]} slug="news" isAdmin={false} />,
    ).container;
    expect(times(edited)).toEqual([at.toISOString(), at.toISOString(), edit.toISOString(), edit.toISOString()]);
    expect(edited.textContent).toContain("Edited");
  });

  it("shows the post's title as text, a link to the post, the author, the preview cut at 500 and the pin", () => {
    const { html, screen } = renderHtml(<DiscussionList rows={[post()]} slug="news" isAdmin={false} />);
    expect(html).not.toContain("<script");
    const article = screen.getByRole("article", { name: evil });
    expect(article).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: evil })).toBeTruthy();
    expect(screen.getByRole("link", { name: evil }).getAttribute("href")).toBe("/news/post/5");
    expect(screen.getByRole("link", { name: "https://example.com" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Read more" }).getAttribute("href")).toBe("/news/post/5");
    expect(article.textContent).not.toContain("y".repeat(500));
    expect(screen.getByText("Alex Admin")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Pinned" })).toBeTruthy();
    expect(screen.getByText("4 March, 2026")).toBeTruthy(); // the old portal's long date (server zone until hydrated)
    expect(screen.queryByRole("button")).toBeNull(); // no admin buttons for other roles
    expect(screen.queryByRole("link", { name: /^Edit/ })).toBeNull();
  });

  it("role 1 gets Edit, Pin/Unpin and Delete named by the item's title", () => {
    const { screen } = renderHtml(
      <DiscussionList rows={[post({ title: `"Bay" <2>`, pin: false })]} slug="news" isAdmin />,
    );
    expect(screen.getByRole("link", { name: `Edit "Bay" <2>` }).getAttribute("href")).toBe("/news/discussion/edit/5");
    const pin = screen.getByRole("button", { name: `Pin "Bay" <2>` });
    expect(pin.getAttribute("aria-pressed")).toBe("false");
    expect(pin.dataset).toMatchObject({ action: "pin", kind: "discussion", id: "5", slug: "news" });
    expect(screen.getByRole("button", { name: `Delete "Bay" <2>` }).dataset.action).toBe("delete");
    const pinned = renderHtml(<DiscussionList rows={[post({ title: "P", pin: true })]} slug="news" isAdmin />).screen;
    expect(pinned.getByRole("button", { name: "Unpin P" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("files become buttons named by the whole file name, shown cut at 5; images carry a signed address for the gallery", () => {
    const { screen } = renderHtml(
      <DiscussionList
        rows={[post({ documents: [doc(1, "Safety checklist.pdf", "pdf"), doc(2, 'Bay "x".png', "png")] })]}
        slug="news"
        isAdmin={false}
      />,
    );
    const pdf = screen.getByRole("button", { name: /Open Safety checklist\.pdf/ });
    expect(pdf.textContent).toContain("Safet...");
    expect(pdf.dataset).toMatchObject({ file: "post/2026/03/1.pdf", name: "Safety checklist.pdf", ext: "pdf" });
    expect(pdf.dataset.src).toBeUndefined();
    expect(screen.getByRole("img", { name: "PDF file" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Open Bay "x"\.png/ }).dataset.src).toMatch(/^\/api\/files\//);
    expect(screen.getByRole("list", { name: "Files" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next files" })).toBeNull(); // arrows only past four files
    const five = renderHtml(
      <DiscussionList
        rows={[post({ documents: [1, 2, 3, 4, 5].map((i) => doc(i, `f${i}.pdf`, "pdf")) })]}
        slug="news"
        isAdmin={false}
      />,
    ).screen;
    expect(five.getByRole("button", { name: "Next files" }).dataset.scroll).toBe("1");
    expect(five.getByRole("button", { name: "Previous files" }).dataset.scroll).toBe("-1");
  });

  it("the post page's file list shows whole names", () => {
    const { screen } = renderHtml(<FileList documents={[doc(1, "Safety checklist.pdf", "pdf")]} />);
    expect(screen.getByRole("button", { name: /Open Safety checklist\.pdf/ }).textContent).toContain(
      "Safety checklist.pdf",
    );
  });
});

describe("the attachment list", () => {
  const row: AttachmentRow = {
    kind: "attachment",
    id: 9,
    menuId: 1,
    audienceLocationIds: [],
    audienceRoleIds: [],
    publishAt: null,
    expiresAt: null,
    title: "Parts catalogue for every dealership",
    uploadType: "url",
    url: "https://parts.example.com/?a=1&b=2",
    groupId: null,
    pin: false,
    createdAt: at,
    updatedAt: at,
    updatedName: "Alex Admin",
    documents: [],
  };
  const file: AttachmentRow = {
    ...row,
    id: 10,
    title: "Form",
    uploadType: "file",
    url: null,
    documents: [doc(3, "Form.pdf", "pdf")],
  };
  const bad: AttachmentRow = { ...row, id: 11, title: "Bad", url: "javascript:alert(1)" };
  const group: AttachmentGroupItem = {
    kind: "group",
    id: 4,
    name: "Forms <b>",
    colorCode: "red;background:url(x)",
    count: 1,
    updatedAt: at,
  };

  it("groups link to their view, links say Visit Now, files Download, whole titles that wrap in the grid", () => {
    const { html, screen } = renderHtml(
      <AttachmentList
        rows={[group, row, file, bad]}
        slug="docs"
        isAdmin
        view="grid"
        inGroup={false}
        groupHref={(id) => `/docs?tab=attachment&group=${id}`}
      />,
    );
    const groupLink = screen.getByRole("link", { name: /Forms <b>/ });
    expect(groupLink.getAttribute("href")).toBe("/docs?tab=attachment&group=4");
    expect(groupLink.textContent).toContain("1 item");
    expect(html).not.toContain("background:url"); // a colour from the database passes safeColor
    const visit = screen.getByRole("link", { name: "Visit Now: Parts catalogue for every dealership" });
    expect(visit.getAttribute("href")).toBe("https://parts.example.com/?a=1&b=2");
    expect(visit.getAttribute("target")).toBe("_blank");
    // The whole title, never cut (it wraps, a phone included): 'Lift daily inspectio...' hid its end.
    const heading = screen.getByRole("heading", { level: 2, name: "Parts catalogue for every dealership" });
    expect(heading.className).toContain("wrap-anywhere");
    expect(heading.className).not.toContain("truncate");
    expect(html).not.toContain("...");
    const download = screen.getByRole("button", { name: "Download Form.pdf" });
    expect(download.dataset.file).toBe("post/2026/03/3.pdf");
    expect(download.dataset).toHaveProperty("download"); // a download, not the gallery
    expect(screen.queryByRole("link", { name: "Visit Now: Bad" })).toBeNull(); // javascript: is never a link
    expect(html).not.toContain("javascript:");
    expect(screen.getAllByText("03/04/2026")).toHaveLength(3); // the old portal's US date (server zone until hydrated)
    expect(screen.getAllByRole("button", { name: /^Pin / })).toHaveLength(3);
  });

  it("inside a group: no Pin/Unpin, titles are h3 under the group's h2, 60 characters in the list view", () => {
    const { screen } = renderHtml(
      <AttachmentList rows={[row]} slug="docs" isAdmin view="list" inGroup groupHref={String} />,
    );
    expect(screen.queryByRole("button", { name: /^Pin / })).toBeNull();
    expect(screen.getByRole("button", { name: `Delete ${row.title}` })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: row.title })).toBeTruthy();
  });
});

describe("the save-the-date list and empty lists", () => {
  it("shows day, month and year, the title as text, linked addresses; role 1 gets Edit and Delete only", () => {
    const entry: SaveTheDateRow = {
      id: 3,
      menuId: 1,
      title: "Open <day>",
      description: "See www.example.com",
      eventDate: "2026-07-04",
      createdAt: at,
      updatedAt: at,
      updatedName: "A",
      documents: [],
    };
    const { screen, container } = renderHtml(<SaveTheDateList rows={[entry]} slug="n" isAdmin />);
    expect(container.querySelector("time")?.getAttribute("datetime")).toBe("2026-07-04");
    expect(container.querySelector("time")?.textContent).toBe("04July2026");
    expect(screen.getByRole("heading", { level: 2, name: "Open <day>" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "www.example.com" }).getAttribute("href")).toBe("https://www.example.com");
    expect(screen.getByRole("link", { name: "Edit Open <day>" }).getAttribute("href")).toBe("/n/event/edit/3");
    expect(screen.queryByRole("button", { name: /^Pin/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Open <day>" }).dataset.kind).toBe("save-the-date");
  });

  it("shows the old portal's empty texts", () => {
    expect(renderHtml(<DiscussionList rows={[]} slug="n" isAdmin={false} />).container.textContent).toBe(
      "No discussions found...!!!",
    );
    expect(
      renderHtml(<AttachmentList rows={[]} slug="n" isAdmin={false} view="grid" inGroup={false} groupHref={String} />)
        .container.textContent,
    ).toBe("No attachments found...!!!");
    expect(renderHtml(<SaveTheDateList rows={[]} slug="n" isAdmin={false} />).container.textContent).toBe(
      "No dates found...!!!",
    );
  });
});

describe("toolbar and pager", () => {
  const state: PageState = {
    tab: "attachment",
    q: `"><script>x</script>`,
    sort: "a-z",
    page: 2,
    group: 7,
    view: "list",
  };
  const toolbar = (over: Partial<React.ComponentProps<typeof ListToolbar>> = {}) =>
    renderHtml(
      <ListToolbar
        slug="news"
        tabs={["discussion", "attachment"]}
        state={state}
        sorts={["newest", "oldest", "a-z", "z-a"]}
        viewToggle
        label="Attachment"
        {...over}
      />,
    );

  it("the search form submits as GET without JavaScript, keeps the state in hidden fields and shows the query as a value", () => {
    const { html, screen, container } = toolbar();
    const form = screen.getByRole("search", { name: "Search Attachment" }) as HTMLFormElement;
    expect(form.getAttribute("action")).toBe("/news");
    expect(form.getAttribute("method")).toBe("get");
    const hidden = [...container.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map((i) => [
      i.name,
      i.value,
    ]);
    expect(hidden).toEqual([
      ["tab", "attachment"],
      ["group", "7"],
      ["view", "list"],
    ]);
    expect((screen.getByRole("searchbox", { name: "Search" }) as HTMLInputElement).value).toBe(state.q);
    expect(html).not.toContain("<script>");
    const sort = screen.getByRole("combobox", { name: "Sort" }) as HTMLSelectElement;
    expect([...sort.options].filter((o) => o.hasAttribute("selected")).map((o) => o.textContent)).toEqual(["A-to-Z"]);
  });

  it("the grid/list toggle links the same state in the other layout and marks the current one", () => {
    const { screen } = toolbar();
    expect(screen.getByRole("link", { name: "Grid view" }).getAttribute("href")).toMatch(
      /^\/news\?tab=attachment&group=7&q=.*&sort=a-z&page=2$/,
    );
    expect(screen.getByRole("link", { name: "List view" }).getAttribute("aria-current")).toBe("true");
    expect(toolbar({ viewToggle: false }).screen.queryByRole("group", { name: "Layout" })).toBeNull();
    const discussion = toolbar({
      state: { ...state, tab: "discussion", group: null, view: "grid" },
      viewToggle: false,
    }).container;
    expect(discussion.querySelector("input[name=group]")).toBeNull();
  });

  it("the pager shows from a full page on, with Previous/Next as links only where there is a page", () => {
    const href = (p: number) => `/news?page=${p}`;
    expect(renderHtml(<Pager page={1} total={9} perPage={10} href={href} />).html).toBe("");
    const first = renderHtml(<Pager page={1} total={25} perPage={10} href={href} />).screen;
    expect(first.queryByRole("link", { name: "Previous" })).toBeNull();
    expect(first.getByText("Previous").getAttribute("aria-disabled")).toBe("true");
    expect(first.getByText("Page 1 of 3")).toBeTruthy();
    expect(first.getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/news?page=2");
    const last = renderHtml(<Pager page={3} total={25} perPage={10} href={href} />).screen;
    expect(last.getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/news?page=2");
    expect(last.queryByRole("link", { name: "Next" })).toBeNull();
  });
});

describe("page head, sub-pages, tabs and group head", () => {
  it("the heading shows the title as text; the add button is there only when given", () => {
    const { screen } = renderHtml(<PageHead title={evil} add={null} />);
    expect(screen.getByRole("heading", { level: 1, name: evil })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
    const admin = renderHtml(
      <PageHead title="News" add={{ href: "/news/discussion/add", label: "Add New Post" }} />,
    ).screen;
    expect(admin.getByRole("link", { name: "Add New Post" }).getAttribute("href")).toBe("/news/discussion/add");
  });

  it("sub-pages link in the app, web addresses in a new tab, anything else not at all; titles cut at 30", () => {
    expect(renderHtml(<SubMenus items={[]} />).html).toBe("");
    const { html, screen } = renderHtml(
      <SubMenus
        items={[
          { slug: "warranty", title: "Warranty Policies and Procedures for All Brands", url: null },
          { slug: "site", title: "Dealer Website", url: " https://dealer.example.com " },
          { slug: "bad", title: "Bad", url: "javascript:alert(1)" },
        ]}
      />,
    );
    const nav = screen.getByRole("navigation", { name: "Sub-pages" });
    const warranty = screen.getByRole("link", { name: "Warranty Policies and Procedur..." });
    expect(warranty.getAttribute("href")).toBe("/warranty");
    expect(warranty.getAttribute("title")).toBe("Warranty Policies and Procedures for All Brands");
    expect(screen.getByRole("link", { name: "Dealer Website" }).getAttribute("href")).toBe(
      "https://dealer.example.com",
    );
    expect(screen.queryByRole("link", { name: "Bad" })).toBeNull();
    expect(screen.getByText("Bad")).toBeTruthy();
    expect(html).not.toContain("javascript:");
    expect(nav.hasAttribute("data-scroller")).toBe(true);
    expect(screen.getByRole("button", { name: "Scroll sub-pages left" }).dataset.scroll).toBe("-1");
  });

  it("tabs mark the current one", () => {
    const { screen } = renderHtml(
      <ContentTabs
        tabs={[
          { href: "/news", label: "Discussion", current: false },
          { href: "/news?tab=attachment", label: "Attachment", current: true },
        ]}
      />,
    );
    expect(screen.getByRole("navigation", { name: "Content" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Discussion" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Attachment" }).getAttribute("aria-current")).toBe("page");
  });

  it("a group's view has Back and the group's name as its heading", () => {
    const { screen } = renderHtml(<GroupHead backHref="/news?tab=attachment" name="<b>Forms</b>" />);
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/news?tab=attachment");
    expect(screen.getByRole("heading", { level: 2, name: "<b>Forms</b>" })).toBeTruthy();
  });
});
