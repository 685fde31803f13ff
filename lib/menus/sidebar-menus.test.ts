import { describe, expect, it } from "vitest";
import type { SidebarItem } from "@/components/shell/shell-utils";
import { parseSidebarMenus, publishedSidebarMenus } from "@/components/shell/sidebar-menus";
import { sidebarMenus } from "./sidebar-menus";

const row = (id: number, title: string, children: SidebarItem[] = []): SidebarItem & { position: number } => ({
  id,
  slug: `page-${id}`,
  title,
  icon: "home",
  url: null,
  children,
  position: id, // a field the sidebar does not show: not sent
});

describe("sidebarMenus", () => {
  it("is the rows as script-safe JSON with only the fields a row shows, published under its id", () => {
    const tree = [row(1, "News </script>", [row(2, "Child")])];
    const { id, json } = sidebarMenus(tree);
    expect(json).not.toContain("<");
    // Sent without an empty url or children list (components/shell/sidebar-menus.ts), read back whole.
    expect(JSON.parse(json)).toEqual([{ id: 1, slug: "page-1", title: "News </script>", icon: "home", children: [{ id: 2, slug: "page-2", title: "Child", icon: "home" }] }]);
    expect(parseSidebarMenus(json)).toEqual([
      { id: 1, slug: "page-1", title: "News </script>", icon: "home", url: null, children: [{ id: 2, slug: "page-2", title: "Child", icon: "home", url: null, children: [] }] },
    ]);
    expect(id).toMatch(/^[\w-]{16}$/);
    expect(publishedSidebarMenus(id)).toBe(json);
  });

  it("names a version by its content: the same rows have the same id, any change a new one", () => {
    const a = sidebarMenus([row(1, "News"), row(3, "Docs")]);
    expect(sidebarMenus([row(1, "News"), row(3, "Docs")]).id).toBe(a.id); // another object, same rows
    expect(sidebarMenus([row(1, "News"), row(3, "Documents")]).id).not.toBe(a.id);
    expect(sidebarMenus([row(3, "Docs"), row(1, "News")]).id).not.toBe(a.id);
  });

  it("works out a tree once, and publishes it again on every call", () => {
    const tree = [row(5, "Five")];
    const first = sidebarMenus(tree);
    expect(sidebarMenus(tree)).toBe(first);
    const registry = (globalThis as Record<symbol, Map<string, string>>)[Symbol.for("portal.sidebar-menus")];
    registry.delete(first.id);
    sidebarMenus(tree);
    expect(publishedSidebarMenus(first.id)).toBe(first.json);
  });
});
