import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw } from "./html";

describe("html", () => {
  it("escapes text and attribute values", () => {
    expect(escapeHtml(`a<b>"c"&'d'`)).toBe("a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;");
  });

  it("escapes every interpolated string and number, keeps Html as it is", () => {
    const evil = `"><script>alert(1)</script>`;
    const out = html`<a title="${evil}">${evil}${raw("<b>ok</b>")}${html`<i>${"<u>"}</i>`}${42}</a>`.value;
    expect(out).toBe(`<a title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;<b>ok</b><i>&lt;u&gt;</i>42</a>`);
  });

  it("joins lists and leaves out null, undefined and false", () => {
    expect(html`<ul>${["<a>", html`<li>b</li>`, null, undefined, false, [html`<li>c</li>`, "&"]]}</ul>`.value).toBe("<ul>&lt;a&gt;<li>b</li><li>c</li>&amp;</ul>");
    expect(String(html`${0}`)).toBe("0");
  });
});
