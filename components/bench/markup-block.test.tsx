import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MarkupBlock } from "./markup-block";

const size = (bytes: number) => Buffer.byteLength(renderToStaticMarkup(<MarkupBlock bytes={bytes} />));

describe("the shaped floor's markup block (bench only)", () => {
  it("is about the size asked for, within one row", () => {
    for (const bytes of [1_000, 32_000, 40_000]) expect(Math.abs(size(bytes) - bytes)).toBeLessThan(300);
  });

  it("is an empty list for nothing, a negative or a non-number, and at most 200 KB for any size", () => {
    const empty = renderToStaticMarkup(<MarkupBlock bytes={0} />);
    expect(empty).toBe("<div><ul></ul></div>");
    expect(renderToStaticMarkup(<MarkupBlock bytes={-5} />)).toBe(empty);
    expect(renderToStaticMarkup(<MarkupBlock bytes={Number("abc")} />)).toBe(empty);
    expect(size(1e9)).toBeLessThanOrEqual(200_000);
    expect(size(Infinity)).toBe(size(0));
  });
});
