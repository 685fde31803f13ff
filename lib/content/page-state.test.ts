import { describe, expect, it } from "vitest";
import { pageHref } from "./page-href";
import { parsePageState } from "./page-state";

const tabs = ["discussion", "attachment", "save-the-date"] as const;

describe("parsePageState", () => {
  it("defaults to the first tab, newest, page 1, grid", () => {
    expect(parsePageState({}, [...tabs])).toEqual({
      state: { tab: "discussion", q: "", sort: "newest", page: 1, group: null, view: "grid" },
      changed: false,
    });
  });

  it("reads every value from the URL", () => {
    const { state, changed } = parsePageState(
      { tab: "attachment", q: " brake ", sort: "oldest", page: "3", group: "7", view: "list" },
      [...tabs],
    );
    expect(changed).toBe(false);
    expect(state).toEqual({ tab: "attachment", q: "brake", sort: "oldest", page: 3, group: 7, view: "list" });
  });

  it.each([
    [{ page: "0" }, { page: 1 }],
    [{ page: "-2" }, { page: 1 }],
    [{ page: "abc" }, { page: 1 }],
    [{ page: "1.5" }, { page: 1 }],
    [{ sort: "popular" }, { sort: "newest" }],
    [
      { tab: "save-the-date", sort: "a-z" },
      { tab: "save-the-date", sort: "newest" },
    ],
    [
      { tab: "attachment", group: "2", sort: "z-a" },
      { group: 2, sort: "newest" },
    ],
    [{ tab: "calendar" }, { tab: "discussion" }],
    [{ tab: "discussion", group: "3" }, { group: null }],
    [{ tab: "attachment", group: "x" }, { group: null }],
    [{ view: "cards" }, { view: "grid" }],
    [{ q: "x".repeat(150) }, { q: "x".repeat(100) }],
  ])("normalises %j and flags the redirect", (raw, expected) => {
    const { state, changed } = parsePageState(raw, [...tabs]);
    expect(changed).toBe(true);
    expect(state).toMatchObject(expected);
  });

  it("refuses a tab the menu does not offer", () => {
    const { state, changed } = parsePageState({ tab: "discussion" }, ["attachment", "save-the-date"]);
    expect(changed).toBe(true);
    expect(state.tab).toBe("attachment");
  });
});

describe("pageHref", () => {
  it("leaves defaults out and keeps the rest", () => {
    const { state } = parsePageState({}, [...tabs]);
    expect(pageHref("news", [...tabs], state)).toBe("/news");
    expect(
      pageHref("news", [...tabs], state, { tab: "attachment", q: "a b&c", page: 2, view: "list", sort: "a-z" }),
    ).toBe("/news?tab=attachment&q=a+b%26c&sort=a-z&view=list&page=2");
    expect(pageHref("news", [...tabs], state, { group: 4 })).toBe("/news");
  });

  it("round-trips through parsePageState", () => {
    const { state } = parsePageState(
      { tab: "attachment", group: "9", q: "oil", sort: "oldest", page: "4", view: "list" },
      [...tabs],
    );
    const url = new URL(pageHref("p", [...tabs], state), "http://x");
    expect(parsePageState(Object.fromEntries(url.searchParams), [...tabs])).toEqual({ state, changed: false });
  });
});
