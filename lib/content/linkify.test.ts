import { describe, expect, it } from "vitest";
import { linkify, truncateParts } from "./linkify";

describe("linkify", () => {
  it("finds http(s) and www links and leaves trailing punctuation out", () => {
    expect(linkify("See https://example.com/a?b=1. Or www.example.org, then (http://x.io/p).")).toEqual([
      { type: "text", text: "See " },
      { type: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { type: "text", text: ". Or " },
      { type: "link", text: "www.example.org", href: "https://www.example.org" },
      { type: "text", text: ", then (" },
      { type: "link", text: "http://x.io/p", href: "http://x.io/p" },
      { type: "text", text: ")." },
    ]);
  });

  it("never makes javascript:, data: or markup into links", () => {
    const parts = linkify(`javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil.example">x</a>`);
    const links = parts.filter((p) => p.type === "link");
    expect(links.map((l) => l.href)).toEqual(["https://evil.example"]);
    expect(parts.map((p) => p.text).join("")).toBe(
      `javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil.example">x</a>`,
    );
  });

  it("cuts to the visible length, keeping a cut link's whole target", () => {
    const { parts, truncated } = truncateParts(linkify("abc https://example.com/long/path rest"), 10);
    expect(truncated).toBe(true);
    expect(parts).toEqual([
      { type: "text", text: "abc " },
      { type: "link", text: "https:", href: "https://example.com/long/path" },
    ]);
    expect(truncateParts(linkify("short"), 500)).toEqual({
      parts: [{ type: "text", text: "short" }],
      truncated: false,
    });
  });
});

describe("truncateParts counts characters, not UTF-16 units", () => {
  it("keeps a character outside the BMP whole and cuts after exactly max characters", () => {
    expect(truncateParts([{ type: "text", text: "a😀bc" }], 2)).toEqual({
      parts: [{ type: "text", text: "a😀" }],
      truncated: true,
    });
  });
  it("is not truncated at exactly max characters across parts, and is when one more follows", () => {
    const parts = linkify("ab https://example.com c");
    const total = Array.from("ab https://example.com c").length;
    expect(truncateParts(parts, total)).toEqual({ parts, truncated: false });
    expect(truncateParts(parts, total - 1).truncated).toBe(true);
    expect(truncateParts(parts, 3)).toEqual({ parts: [{ type: "text", text: "ab " }], truncated: true });
  });
});
