import { describe, expect, it } from "vitest";
import { appLinkHref, isOtherPage, navigationTarget } from "./navigation-target";

const here = {
  href: "http://portal.test/company-news?tab=discussion",
  origin: "http://portal.test",
  pathname: "/company-news",
  search: "?tab=discussion",
};
const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
const link = (href: string | null, attrs: Record<string, string> = {}) => ({
  getAttribute: (n: string) => (n === "href" ? href : (attrs[n] ?? null)),
  hasAttribute: (n: string) => n in attrs,
});

describe("navigationTarget", () => {
  it("counts a plain click on another portal page, relative or absolute", () => {
    expect(navigationTarget(plain, link("/documents"), here)).toBe(true);
    expect(navigationTarget(plain, link("?tab=attachment"), here)).toBe(true);
    expect(navigationTarget(plain, link("http://portal.test/company-news?tab=discussion&page=2"), here)).toBe(true);
  });

  it("ignores the same page and jumps within it", () => {
    expect(navigationTarget(plain, link("/company-news?tab=discussion"), here)).toBe(false);
    expect(navigationTarget(plain, link("#main-content"), here)).toBe(false);
  });

  it("ignores new tabs, other buttons, downloads, API URLs and other sites", () => {
    expect(navigationTarget({ ...plain, ctrlKey: true }, link("/documents"), here)).toBe(false);
    expect(navigationTarget({ ...plain, metaKey: true }, link("/documents"), here)).toBe(false);
    expect(navigationTarget({ ...plain, button: 1 }, link("/documents"), here)).toBe(false);
    expect(navigationTarget(plain, link("/documents", { target: "_blank" }), here)).toBe(false);
    expect(navigationTarget(plain, link("/documents", { download: "" }), here)).toBe(false);
    expect(navigationTarget(plain, link("/api/v1/downloadattachment?id=3"), here)).toBe(false);
    expect(navigationTarget(plain, link("https://example.com/"), here)).toBe(false);
    expect(navigationTarget(plain, link(null), here)).toBe(false);
  });

  it("counts an explicit same-window target", () => {
    expect(navigationTarget(plain, link("/documents", { target: "_self" }), here)).toBe(true);
  });
});

describe("isOtherPage", () => {
  it("is true only for another portal page", () => {
    expect(isOtherPage("/company-news?tab=discussion&q=oil", here)).toBe(true);
    expect(isOtherPage("/company-news?tab=discussion", here)).toBe(false);
    expect(isOtherPage("/api/zip?id=1", here)).toBe(false);
    expect(isOtherPage("", here)).toBe(false);
  });
});

describe("appLinkHref", () => {
  // A click's target: an element inside a link that matches `a[data-nav]`, or inside another one.
  const inside = (anchor: { matches: string; href: string | null } | null) => ({
    closest: (selector: string) =>
      anchor && selector === anchor.matches
        ? { getAttribute: (n: string) => (n === "href" ? anchor.href : null) }
        : null,
  });
  const click = (target: unknown, extra: Partial<typeof plain & { defaultPrevented: boolean }> = {}) => ({
    ...plain,
    defaultPrevented: false,
    target: target as EventTarget,
    ...extra,
  });

  it("gives the address of a plain left click on a matching link", () => {
    expect(appLinkHref(click(inside({ matches: "a[data-nav]", href: "/" })), "a[data-nav]")).toBe("/");
  });

  it("leaves other links, other clicks and handled clicks to the browser", () => {
    expect(appLinkHref(click(inside({ matches: "a[download]", href: "/x" })), "a[data-nav]")).toBeNull();
    expect(appLinkHref(click(inside(null)), "a[data-nav]")).toBeNull();
    expect(appLinkHref(click(inside({ matches: "a[data-nav]", href: null })), "a[data-nav]")).toBeNull();
    for (const extra of [
      { button: 1 },
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { defaultPrevented: true },
    ]) {
      expect(appLinkHref(click(inside({ matches: "a[data-nav]", href: "/" }), extra), "a[data-nav]")).toBeNull();
    }
  });
});
