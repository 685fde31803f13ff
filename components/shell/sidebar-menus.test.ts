import { afterEach, describe, expect, it } from "vitest";
import { documentSidebarMenus, parseSidebarMenus, publishedSidebarMenus, publishSidebarMenus, scriptSafeJson, SIDEBAR_MENUS_ELEMENT_ID, sidebarMenusJson } from "./sidebar-menus";
import type { SidebarItem } from "./shell-utils";

describe("the sidebar tree registry (server)", () => {
  it("keeps what was published under its id, shared through globalThis", () => {
    publishSidebarMenus("v1", '[{"id":1}]');
    expect(publishedSidebarMenus("v1")).toBe('[{"id":1}]');
    expect(publishedSidebarMenus("unknown")).toBeUndefined();
    const registry = (globalThis as Record<symbol, Map<string, string>>)[Symbol.for("portal.sidebar-menus")];
    expect(registry.get("v1")).toBe('[{"id":1}]');
  });

  it("drops the least recently published past 64 trees; publishing again keeps a tree", () => {
    publishSidebarMenus("kept", "[]");
    publishSidebarMenus("dropped", "[]");
    for (let i = 0; i < 62; i++) publishSidebarMenus(`filler-${i}`, "[]");
    publishSidebarMenus("kept", "[]"); // used again: now the most recent
    publishSidebarMenus("one-more", "[]");
    expect(publishedSidebarMenus("kept")).toBe("[]");
    expect(publishedSidebarMenus("dropped")).toBeUndefined();
  });
});

describe("scriptSafeJson", () => {
  it("leaves no '<' (so no </script> or <!--) and reads back to the same value", () => {
    const value = [{ title: "</script><script>alert(1)</script> <!-- x", url: "https://a.test/?a=1&b=<2>" }];
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(safe).not.toContain("<");
    expect(JSON.parse(safe)).toEqual(value);
  });
});

describe("sidebarMenusJson and parseSidebarMenus", () => {
  const tree: SidebarItem[] = [
    { id: 1, slug: "news", title: "News </script>", icon: "megaphone", url: null, children: [] },
    {
      id: 2,
      slug: "parts",
      title: "Parts",
      icon: "folder",
      url: null,
      children: [
        { id: 3, slug: "parts-a", title: "Parts A", icon: "home", url: null, children: [] },
        { id: 4, slug: "supplier", title: "Supplier", icon: "link", url: "https://example.com/", children: [] },
      ],
    },
  ];

  it("leaves out empty addresses and empty sub-menu lists, and reads back to the same tree", () => {
    const json = sidebarMenusJson(tree);
    expect(json).not.toContain('"url":null');
    expect(json).not.toContain('"children":[]');
    expect(json).not.toContain("<");
    expect(json).toContain('"url":"https://example.com/"');
    expect(parseSidebarMenus(json)).toEqual(tree);
  });
});

describe("documentSidebarMenus (browser)", () => {
  const saved = globalThis.document;
  afterEach(() => {
    (globalThis as { document?: unknown }).document = saved;
  });
  const withElement = (el: { dataset: { menus?: string }; textContent: string } | null) => {
    (globalThis as { document?: unknown }).document = { getElementById: (id: string) => (id === SIDEBAR_MENUS_ELEMENT_ID ? el : null) };
  };

  it("reads the tree of the version the page names", () => {
    withElement({ dataset: { menus: "v2" }, textContent: '[{"id":2}]' });
    expect(documentSidebarMenus("v2")).toBe('[{"id":2}]');
  });

  it("has nothing for another version, or without the element", () => {
    withElement({ dataset: { menus: "v2" }, textContent: "[]" });
    expect(documentSidebarMenus("v3")).toBeUndefined();
    withElement(null);
    expect(documentSidebarMenus("v2")).toBeUndefined();
  });
});
