import { beforeEach, describe, expect, it, vi } from "vitest";

const nav = vi.hoisted(() => ({ pathname: "/" }));
vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => nav.pathname,
}));

import { renderHtml } from "@/test/render-dom";
import { Sidebar } from "./sidebar";
import { currentState } from "./sidebar-parts";
import type { ShellLink, SidebarItem } from "./shell-utils";

const item = (id: number, slug: string, title: string, over: Partial<SidebarItem> = {}): SidebarItem => ({
  id,
  slug,
  title,
  icon: "file",
  ...over,
});

const menus: SidebarItem[] = [
  item(1, "company-news", "Company News"),
  item(2, "service-department-procedures", "Service Department Procedures and Policies"),
  item(3, "sales", "Sales", {
    children: [
      item(4, "sales-warranty", "Warranty Policies and Procedures for All Brands"),
      item(5, "crm", "CRM", { url: "https://crm.example.com" }),
    ],
  }),
  item(6, "evil", "<img src=x onerror=alert(1)>", { url: "javascript:alert(1)" }),
  item(7, "parts", "Parts", { children: [item(8, "parts-orders", "Orders")] }),
];
const forms: ShellLink[] = [
  { href: "/uniform/request/list", label: "Uniform Request", icon: "shirt", match: "/uniform/request" },
];

const render = (pathname: string) => {
  nav.pathname = pathname;
  return renderHtml(<Sidebar menus={menus} forms={forms} />);
};

describe("the sidebar", () => {
  beforeEach(() => {
    nav.pathname = "/";
  });

  it("links each menu in the app, cutting titles at 22 with the whole title as the tooltip and the name", () => {
    const { screen } = render("/company-news");
    const news = screen.getByRole("link", { name: "Company News" });
    expect(news.getAttribute("href")).toBe("/company-news");
    expect(news.getAttribute("title")).toBeNull();
    const long = screen.getByRole("link", { name: "Service Department Procedures and Policies" });
    expect(long.getAttribute("title")).toBe("Service Department Procedures and Policies");
    expect(long.textContent).toBe("Service Department Pro…");
  });

  it("marks the current page, and a form's section under its match", () => {
    const { screen } = render("/company-news");
    expect(screen.getByRole("link", { name: "Company News" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "Uniform Request" }).getAttribute("aria-current")).toBeNull();
    const form = render("/uniform/request/add").screen.getByRole("link", { name: "Uniform Request" });
    expect(form.getAttribute("aria-current")).toBe("true");
    expect(currentState("/company-news/post/3", "/company-news")).toBe("true");
    expect(currentState("/company-newsletter", "/company-news")).toBeUndefined();
  });

  it("opens the sub-menus of the current page; other sub-menus are closed and send no rows", () => {
    const { screen, container } = render("/sales-warranty");
    const salesToggle = screen.getByRole("button", { name: "Hide sub-menus of Sales" });
    expect(salesToggle.getAttribute("aria-expanded")).toBe("true");
    const list = container.querySelector(`#${salesToggle.getAttribute("aria-controls")}`)!;
    expect(list.hasAttribute("hidden")).toBe(false);
    const sub = screen.getByRole("link", { name: "Warranty Policies and Procedures for All Brands" });
    expect(sub.getAttribute("aria-current")).toBe("page");
    expect(sub.textContent).toBe("Warranty Policies and Procedur…"); // 30 in sub-menus
    const partsToggle = screen.getByRole("button", { name: "Show sub-menus of Parts" });
    expect(partsToggle.getAttribute("aria-expanded")).toBe("false");
    expect(container.querySelector(`#${partsToggle.getAttribute("aria-controls")}`)?.hasAttribute("hidden")).toBe(true);
    expect(screen.queryByRole("link", { name: "Orders" })).toBeNull();
    // The chevron points up on an open group and down on a closed one.
    expect(salesToggle.querySelector("svg")?.getAttribute("class")?.split(" ")).toContain("rotate-180");
    expect(partsToggle.querySelector("svg")?.getAttribute("class")?.split(" ")).not.toContain("rotate-180");
  });

  it("opens external addresses in a new tab and links nothing that is not a web address", () => {
    const { screen, html } = render("/sales");
    const crm = screen.getByRole("link", { name: "CRM (opens in a new tab)" });
    expect(crm.getAttribute("href")).toBe("https://crm.example.com");
    expect(crm.getAttribute("target")).toBe("_blank");
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("<img");
    expect(screen.queryByRole("link", { name: /img src/ })).toBeNull();
    expect(screen.getByTitle("<img src=x onerror=alert(1)>").textContent).toBe("<img src=x onerror=ale…"); // text, cut, not a link
  });

  it("has the Forms group and says so when a role has no pages", () => {
    const { screen } = renderHtml(<Sidebar menus={[]} forms={forms} />);
    expect(screen.getByText("No pages yet.")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Forms" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
  });
});
