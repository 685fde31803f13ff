import { afterEach, describe, expect, it } from "vitest";
import { documentSidebarMenus, publishedSidebarMenus, publishSidebarMenus, scriptSafeJson, SIDEBAR_MENUS_ELEMENT_ID } from "./sidebar-menus";

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
