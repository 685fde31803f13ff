import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { DiscussionList } from "./discussion-list";
import { LinkifiedText } from "./linkified-text";
import { SaveTheDateList } from "./save-the-date-list";

const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

describe("user text is shown as text, links stay clickable", () => {
  it("LinkifiedText escapes markup and links only web addresses", () => {
    const html = renderToStaticMarkup(<LinkifiedText text={`${evil} see https://example.com/a?b=1&c=2 or javascript:alert(1)`} />);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow"');
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("&gt; see <a href="); // text between links is plain text, no wrapping element
    expect(html).not.toContain("<span");
  });

  it("a discussion with markup in title and description renders it as text, cut at 500 characters", () => {
    const row = {
      id: 5,
      menuId: 1,
      title: evil,
      description: `${evil} https://example.com ${"y".repeat(600)}`,
      pin: true,
      createdAt: new Date("2026-03-04T10:05:00Z"),
      updatedAt: new Date("2026-03-04T10:05:00Z"),
      updatedName: "Alex Admin",
      documents: [],
    };
    const html = renderToStaticMarkup(<DiscussionList rows={[row]} slug="news" isAdmin={false} />);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('href="/news/post/5"');
    expect(html).toContain("Read more");
    expect(html).not.toContain("y".repeat(500));
    expect(html).toContain("AA");
    expect(html).toContain('aria-label="Pinned"');
  });

  it("shows the empty texts", () => {
    expect(renderToStaticMarkup(<DiscussionList rows={[]} slug="n" isAdmin={false} />)).toContain("No discussions found...!!!");
    expect(renderToStaticMarkup(<SaveTheDateList rows={[]} slug="n" isAdmin={false} />)).toContain("No dates found...!!!");
  });
});
