import { describe, expect, it } from "vitest";
import {
  attachmentListMarkup,
  discussionListMarkup,
  groupHeadMarkup,
  pageHeadMarkup,
  pagerMarkup,
  saveTheDateListMarkup,
  subMenusMarkup,
  tabsMarkup,
  toolbarMarkup,
  userTextMarkup,
} from "./list-markup";
import type { PageState } from "@/lib/content/page-href";
import type { AttachmentRow, DiscussionRow, SaveTheDateRow } from "@/lib/content/queries";

const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;
const at = new Date("2026-03-04T10:05:00Z");
const doc = (id: number, name: string, extension: string) => ({ id, path: `post/2026/03/${id}.${extension}`, name, size: 10, mime: "application/octet-stream", extension });

const post = (over: Partial<DiscussionRow> = {}): DiscussionRow => ({
  id: 5,
  menuId: 1,
  title: evil,
  description: `${evil} https://example.com ${"y".repeat(600)}`,
  pin: true,
  createdAt: at,
  updatedAt: at,
  updatedName: "Alex Admin",
  documents: [],
  ...over,
});

describe("user text is shown as text, links stay clickable", () => {
  const text = `${evil} see https://example.com/a?b=1&c=2 or javascript:alert(1)`;

  it("userTextMarkup (lists, post detail, comments) escapes markup and links only web addresses", () => {
    const out = userTextMarkup(text).value;
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).toContain("&lt;script&gt;");
    expect(out).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow"');
    expect(out).not.toContain('href="javascript:');
    expect(out).toContain("&gt; see <a href="); // text between links is plain text, no wrapping element
    expect(out).not.toContain("<span");
  });

  it("a discussion with markup in title and description renders it as text, cut at 500 characters", () => {
    const out = discussionListMarkup([post()], { slug: "news", isAdmin: false });
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img src=x");
    expect(out).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('<a href="/news/post/5" data-nav');
    expect(out).toMatch(/\.\.\. <a href="\/news\/post\/5" data-nav[^>]*>Read more<\/a>/);
    expect(out).not.toContain("y".repeat(500));
    expect(out).toContain(">AA</span>");
    expect(out).toContain('aria-label="Pinned"');
    expect(out).toContain(`<time datetime="${at.toISOString()}" data-local="long">`);
    expect(out).not.toContain("data-action"); // no admin buttons for other roles
  });

  it("role 1 gets Edit, Pin/Unpin and Delete with the item's title escaped", () => {
    const out = discussionListMarkup([post({ title: `"Bay" <2>`, pin: false })], { slug: "news", isAdmin: true });
    expect(out).toContain('<a href="/news/discussion/edit/5" data-nav');
    expect(out).toContain('aria-label="Edit &quot;Bay&quot; &lt;2&gt;"');
    expect(out).toContain('data-action="pin" data-kind="discussion" data-id="5" data-slug="news" aria-label="Pin &quot;Bay&quot; &lt;2&gt;"');
    expect(out).toContain('aria-pressed="false"');
    expect(out).toContain('data-action="delete"');
    const pinned = discussionListMarkup([post({ pin: true })], { slug: "news", isAdmin: true });
    expect(pinned).toContain('data-action="unpin"');
    expect(pinned).toContain('aria-pressed="true"');
  });

  it("files become buttons with names cut at 5 (the gallery's images carry a signed address)", () => {
    const out = discussionListMarkup([post({ documents: [doc(1, "Safety checklist.pdf", "pdf"), doc(2, 'Bay "x".png', "png")] })], { slug: "news", isAdmin: false });
    expect(out).toContain('data-file="post/2026/03/1.pdf" data-name="Safety checklist.pdf" data-ext="pdf" title="Safety checklist.pdf" aria-label="Open Safety checklist.pdf"');
    expect(out).toContain(">Safet...</span>");
    expect(out).toMatch(/data-file="post\/2026\/03\/2\.png" data-name="Bay &quot;x&quot;\.png" data-ext="png" data-src="\/api\/files\/[^"]+"/);
    expect(out).toContain('aria-label="PDF file"');
    expect(out).not.toContain("data-scroll"); // arrows only past four files
    const five = discussionListMarkup([post({ documents: [1, 2, 3, 4, 5].map((i) => doc(i, `f${i}.pdf`, "pdf")) })], { slug: "news", isAdmin: false });
    expect(five).toContain('<div class="relative" data-files data-scroller><ul aria-label="Files" class="file-row">');
    expect(five).toContain('data-scroll="1" class="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Next files"');
  });

  it("attachments: groups link to their view, links say Visit Now, files Download; no Pin/Unpin inside a group", () => {
    const row: AttachmentRow = {
      kind: "attachment",
      id: 9,
      menuId: 1,
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
    const file: AttachmentRow = { ...row, id: 10, uploadType: "file", url: null, documents: [doc(3, "Form.pdf", "pdf")] };
    const group = { kind: "group" as const, id: 4, name: "Forms <b>", colorCode: "#2563eb", count: 1, updatedAt: at };
    const out = attachmentListMarkup([group, row, file], { slug: "docs", isAdmin: true, view: "grid", inGroup: false, groupHref: (id) => `/docs?tab=attachment&group=${id}` });
    expect(out).toContain('<a href="/docs?tab=attachment&amp;group=4" data-nav title="Forms &lt;b&gt;"');
    expect(out).toContain('style="color:#2563eb"');
    expect(out).toContain(">1 item</span>");
    expect(out).toContain('<a href="https://parts.example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow"');
    expect(out).toContain('aria-label="Visit Now: Parts catalogue for every dealership">Visit Now</a>');
    expect(out).toContain('title="Parts catalogue for every dealership">Parts catalogue for ...</h3>');
    expect(out).toContain('data-file="post/2026/03/3.pdf" data-name="Form.pdf" data-download');
    expect(out).toMatch(/data-local="us">\d\d\/0[34]\/2026<\/time>/);
    expect(out.match(/data-action="pin"/g)).toHaveLength(2);
    const inGroup = attachmentListMarkup([row], { slug: "docs", isAdmin: true, view: "list", inGroup: true, groupHref: String });
    expect(inGroup).not.toContain('data-action="pin"');
    expect(inGroup).toContain('data-action="delete"');
    expect(inGroup).toContain("Parts catalogue for every dealership</h3>"); // 60 characters in the list
  });

  it("save-the-date entries show day, month and year; role 1 gets Edit and Delete only", () => {
    const entry: SaveTheDateRow = { id: 3, menuId: 1, title: "Open <day>", description: "See www.example.com", eventDate: "2026-07-04", createdAt: at, updatedAt: at, updatedName: "A", documents: [] };
    const out = saveTheDateListMarkup([entry], { slug: "n", isAdmin: true });
    expect(out).toContain('<time datetime="2026-07-04"');
    expect(out).toContain(">04</span>");
    expect(out).toContain(">July</span>");
    expect(out).toContain(">Open &lt;day&gt;</h2>");
    expect(out).toContain('<a href="https://www.example.com"');
    expect(out).toContain('href="/n/event/edit/3" data-nav');
    expect(out).not.toContain('data-action="pin"');
    expect(out).toContain('data-action="delete" data-kind="save-the-date"');
  });

  it("shows the empty texts", () => {
    expect(discussionListMarkup([], { slug: "n", isAdmin: false })).toBe('<p class="empty-list">No discussions found...!!!</p>');
    expect(attachmentListMarkup([], { slug: "n", isAdmin: false, view: "grid", inGroup: false, groupHref: String })).toContain("No attachments found...!!!");
    expect(saveTheDateListMarkup([], { slug: "n", isAdmin: false })).toContain("No dates found...!!!");
  });
});

describe("toolbar and pager", () => {
  const state: PageState = { tab: "attachment", q: `"><script>x</script>`, sort: "a-z", page: 2, group: 7, view: "list" };
  const toolbar = (over: Partial<Parameters<typeof toolbarMarkup>[0]> = {}) =>
    toolbarMarkup({ slug: "news", tabs: ["discussion", "attachment"], state, sorts: ["newest", "oldest", "a-z", "z-a"], viewToggle: true, label: "Attachment", ...over }).value;

  it("the search form submits as GET without JavaScript, keeps the state in hidden fields and escapes the query", () => {
    const out = toolbar();
    expect(out).toContain('<form role="search" aria-label="Search Attachment" action="/news" method="get"');
    expect(out).toContain('<input type="hidden" name="tab" value="attachment"><input type="hidden" name="group" value="7"><input type="hidden" name="view" value="list">');
    expect(out).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" maxlength="100"');
    expect(out).not.toContain("<script>");
    expect(out).toContain('<label for="list-q" class="sr-only">Search</label>');
    expect(out).toContain('<label for="list-sort" class="sr-only">Sort</label><select id="list-sort" name="sort"');
    expect(out).toContain('<option value="a-z" selected>A-to-Z</option>');
    expect(out.match(/ selected/g)).toHaveLength(1);
    // The state the browser computes the next URL from, as escaped JSON.
    const json = /data-toolbar="([^"]*)"/.exec(out)?.[1].replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    expect(JSON.parse(json ?? "")).toEqual({ slug: "news", tabs: ["discussion", "attachment"], state });
  });

  it("the grid/list toggle links the same state in the other layout and marks the current one", () => {
    const out = toolbar();
    expect(out).toMatch(/<a href="\/news\?tab=attachment&amp;group=7&amp;q=[^"]*&amp;sort=a-z&amp;page=2" data-nav aria-label="Grid view" class=/);
    expect(out).toMatch(/aria-label="List view" aria-current="true"/);
    expect(toolbar({ viewToggle: false })).not.toContain('aria-label="Layout"');
    expect(toolbar({ state: { ...state, tab: "discussion", group: null, view: "grid" }, viewToggle: false })).not.toContain('name="group"');
  });

  it("the pager shows from a full page on, with Previous/Next as links only where there is a page", () => {
    const href = (p: number) => `/news?page=${p}`;
    expect(pagerMarkup({ page: 1, total: 9, perPage: 10, href })).toBeNull();
    const first = pagerMarkup({ page: 1, total: 25, perPage: 10, href })!.value;
    expect(first).toContain('<span aria-disabled="true" class="pager-step cursor-not-allowed text-slate-400">Previous</span>');
    expect(first).toContain("Page 1 of 3");
    expect(first).toContain('<a href="/news?page=2" data-nav rel="next"');
    const last = pagerMarkup({ page: 3, total: 25, perPage: 10, href })!.value;
    expect(last).toContain('<a href="/news?page=2" data-nav rel="prev"');
    expect(last).toContain('aria-disabled="true" class="pager-step cursor-not-allowed text-slate-400">Next</span>');
  });
});

describe("page head, sub-pages, tabs and group head", () => {
  it("the heading escapes the title; the add button is there only when given", () => {
    expect(pageHeadMarkup(evil, null).value).toBe(
      `<div class="flex flex-wrap items-center justify-between gap-3"><h1 class="text-2xl font-semibold break-words text-slate-900">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;</h1></div>`,
    );
    expect(pageHeadMarkup("News", { href: "/news/discussion/add", label: "Add New Post" }).value).toContain('<a href="/news/discussion/add" data-nav');
  });

  it("sub-pages link in the app, web addresses in a new tab, anything else not at all; titles cut at 30", () => {
    expect(subMenusMarkup([])).toBeNull();
    const out = subMenusMarkup([
      { slug: "warranty", title: "Warranty Policies and Procedures for All Brands", url: null },
      { slug: "site", title: "Dealer Website", url: " https://dealer.example.com " },
      { slug: "bad", title: "Bad", url: "javascript:alert(1)" },
    ])!.value;
    expect(out).toContain('<a href="/warranty" data-nav title="Warranty Policies and Procedures for All Brands" class="sub-page">Warranty Policies and Procedur...</a>');
    expect(out).toContain('<a href="https://dealer.example.com" target="_blank" rel="noopener noreferrer" title="Dealer Website" class="sub-page">');
    expect(out).not.toContain("javascript:");
    expect(out).toContain('<span title="Bad" class="sub-page">Bad</span>');
    expect(out).toContain('data-scroller');
    expect(out).toContain('data-scroll="-1" aria-label="Scroll sub-pages left"');
  });

  it("tabs mark the current one", () => {
    const out = tabsMarkup([
      { href: "/news", label: "Discussion", current: false },
      { href: "/news?tab=attachment", label: "Attachment", current: true },
    ]).value;
    expect(out).toContain('<nav aria-label="Content"');
    expect(out).toContain('<a href="/news" data-nav class=');
    expect(out).toContain('<a href="/news?tab=attachment" data-nav aria-current="page" class=');
    expect(out.match(/aria-current/g)).toHaveLength(1);
  });

  it("a group's view has Back and the group's name, escaped", () => {
    const out = groupHeadMarkup("/news?tab=attachment", "<b>Forms</b>").value;
    expect(out).toContain('<a href="/news?tab=attachment" data-nav');
    expect(out).toContain('<span class="truncate">&lt;b&gt;Forms&lt;/b&gt;</span>');
  });
});
