import { describe, expect, it } from "vitest";
import { ICON_SPRITE_URL } from "@/components/ui/icon";
import { toSidebarItems, type ShellLink, type SidebarItem } from "./shell-utils";
import { currentState, sidebarMarkup, sidebarMarkupOf, subMenuId, subMenuPaths, subMenuRows } from "./sidebar-markup";

const item = (id: number, slug: string, title: string, extra: Partial<SidebarItem> = {}): SidebarItem => ({
  id,
  slug,
  title,
  icon: "home",
  url: null,
  children: [],
  ...extra,
});

const forms: ShellLink[] = [
  { href: "/continuous/improvement/suggestions/list", label: "Continuous Improvement Suggestions List", icon: "lightbulb", match: "/continuous/improvement/suggestions" },
];

/** The opening tag of the element that carries `needle`. */
function tagWith(html: string, needle: string): string {
  const at = html.indexOf(needle);
  expect(at, `${needle} in the markup`).toBeGreaterThanOrEqual(0);
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
}

describe("sidebarMarkup", () => {
  it("links each menu to its page with its icon from the sprite, and marks the current page", () => {
    const html = sidebarMarkup([item(1, "news", "News"), item(2, "calendar", "Calendar", { icon: "calendar" })], [], "/news");
    expect(tagWith(html, 'href="/news"')).toContain('aria-current="page"');
    expect(tagWith(html, 'href="/news"')).toContain('data-active="true"');
    expect(tagWith(html, 'href="/calendar"')).not.toContain("aria-current");
    expect(html).toContain(`<use href="${ICON_SPRITE_URL}#calendar"></use>`);
  });

  it("marks a menu as containing the current page below it (a post of that menu)", () => {
    const html = sidebarMarkup([item(1, "news", "News")], [], "/news/post/3");
    expect(tagWith(html, 'href="/news"')).toContain('aria-current="true"');
  });

  it("draws the fallback icon for an icon key the sprite does not have (checked where the rows are made)", () => {
    const rows = toSidebarItems([{ ...item(1, "news", "News"), icon: "no-such-icon" }, { ...item(2, "docs", "Docs"), icon: null }]);
    expect(rows.map((r) => r.icon)).toEqual(["file", "file"]);
    const html = sidebarMarkup(rows, [], "/");
    expect(html).toContain(`${ICON_SPRITE_URL}#file"`);
    expect(html).not.toContain("no-such-icon");
  });

  it("cuts titles at 22 characters (sub-menus at 30) with the full title as tooltip, which also names the link", () => {
    const long = "Dealership Operations and Training Material";
    const html = sidebarMarkup([item(1, "ops", long, { children: [item(2, "ops-sub", `Sub ${long}`)] })], [], "/ops");
    expect(tagWith(html, 'href="/ops"')).toContain(`title="${long}"`);
    // The cut text is hidden from screen readers, so the link's name comes from its title (the full one).
    expect(html).toContain(`<span aria-hidden="true">Dealership Operations…</span></a>`);
    expect(html).not.toContain(`>${long}</span>`);
    expect(html).toContain(">Sub Dealership Operations and…</span>");
    const short = sidebarMarkup([item(1, "n", "Short")], [], "/");
    expect(short).not.toContain("title=");
  });

  it("escapes titles and addresses, so markup in a menu title is shown as text", () => {
    const html = sidebarMarkup([item(1, "x", `<img src=x onerror="alert(1)">&'`)], [], "/");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;");
  });

  it("opens external addresses in a new tab and never links a script address", () => {
    const html = sidebarMarkup(
      [item(1, "ext", "Supplier", { url: "https://example.com/a?b=1&c=2" }), item(2, "bad", "Bad", { url: "javascript:alert(1)" })],
      [],
      "/",
    );
    const ext = tagWith(html, 'href="https://example.com/a?b=1&amp;c=2"');
    expect(ext).toContain('target="_blank"');
    expect(ext).toContain('rel="noopener noreferrer"');
    expect(html).toContain("(opens in a new tab)");
    expect(html).not.toContain("javascript:");
    expect(html).toContain(">Bad</span>");
  });

  it("renders sub-menus closed, and open when the current page is the menu or one of its sub-menus", () => {
    const tree = [item(1, "parts", "Parts", { children: [item(2, "parts-a", "Parts A"), item(3, "parts-b", "Parts B")] })];
    const closed = sidebarMarkup(tree, [], "/elsewhere");
    expect(tagWith(closed, 'aria-controls="submenu-1"')).toContain('aria-expanded="false"');
    expect(closed).toContain('<ul id="submenu-1" hidden class="nav-sub"></ul>'); // filled by sidebar.tsx when opened
    expect(closed).not.toContain('href="/parts-a"');
    expect(closed).toContain("Show sub-menus of Parts");
    expect(subMenuId(1)).toBe("submenu-1");
    expect(subMenuRows(tree[0], "/parts-a")).toBe(
      sidebarMarkup(tree, [], "/parts-a").match(/<ul id="submenu-1" class="nav-sub">(.*?)<\/ul>/)![1],
    );

    const open = sidebarMarkup(tree, [], "/parts-b");
    expect(tagWith(open, 'aria-controls="submenu-1"')).toContain('aria-expanded="true"');
    expect(open).not.toContain('<ul id="submenu-1" hidden');
    expect(open).toContain("Hide sub-menus of Parts");
    expect(tagWith(open, 'href="/parts-b"')).toContain('aria-current="page"');
    // The paths that open it, which sidebar.tsx takes from the tree rather than from the markup.
    expect(subMenuPaths(tree[0])).toEqual(["/parts", "/parts-a", "/parts-b"]);
    expect(tagWith(open, 'aria-controls="submenu-1"')).toBe(
      '<button type="button" aria-expanded="true" aria-controls="submenu-1" class="nav-toggle">',
    );
  });

  it("ends with the Forms group, whose links are current anywhere under their section", () => {
    const html = sidebarMarkup([item(1, "news", "News")], forms, "/continuous/improvement/suggestions/add");
    expect(html.indexOf(">Forms</h2>")).toBeGreaterThan(html.indexOf('href="/news"'));
    expect(tagWith(html, 'href="/continuous/improvement/suggestions/list"')).toContain('aria-current="true"');
    expect(tagWith(html, 'href="/continuous/improvement/suggestions/list"')).toContain('data-match="/continuous/improvement/suggestions"');
    // A menu link is current under its own path: no separate attribute for it.
    expect(tagWith(html, 'href="/news"')).not.toContain("data-match");
  });

  it("says so when the role sees no pages", () => {
    expect(sidebarMarkup([], forms, "/")).toContain("No pages yet.");
  });
});

describe("currentState", () => {
  it("tells the page itself from a page below it and from an unrelated one", () => {
    expect(currentState("/a", "/a")).toBe("page");
    expect(currentState("/a/b", "/a")).toBe("true");
    expect(currentState("/ab", "/a")).toBeNull();
    expect(currentState("/uniform/request/add", "/uniform/request/list", "/uniform/request")).toBe("true");
  });
});

describe("sidebarMarkupOf", () => {
  it("builds the same markup from the JSON tree and reuses it for the same menus, forms and path", () => {
    const tree = [item(1, "news", "News"), item(2, "parts", "Parts", { children: [item(3, "parts-a", "Parts A")] })];
    const json = JSON.stringify(tree);
    const first = sidebarMarkupOf(json, forms, "/parts-a");
    expect(first).toBe(sidebarMarkup(tree, forms, "/parts-a"));
    expect(sidebarMarkupOf(json, forms, "/parts-a")).toBe(first);
    // Another path, other forms or another tree is another sidebar.
    expect(tagWith(sidebarMarkupOf(json, forms, "/news"), 'href="/news"')).toContain('aria-current="page"');
    expect(sidebarMarkupOf(json, forms, "/parts-a")).toContain("/suggestions/list");
    expect(sidebarMarkupOf(json, [], "/parts-a")).not.toContain("/suggestions/list");
    expect(sidebarMarkupOf(JSON.stringify([item(1, "news", "Renamed")]), forms, "/parts-a")).toContain(">Renamed</span>");
  });
});
