import { describe, expect, it } from "vitest";
import { renderHtml } from "@/test/render-dom";
import { ToReadSummary } from "./to-read-summary";

const text = (total: number, unread: number) =>
  renderHtml(<ToReadSummary total={total} unread={unread} />).container.textContent;

describe("ToReadSummary", () => {
  it("with nothing to read says one thing: that there is nothing", () => {
    expect(text(0, 0)).toBe("There are no must-read posts for you.");
  });

  it("says all is read, or how many are left", () => {
    expect(text(3, 0)).toBe("You have read every post you must read.");
    expect(text(3, 1)).toBe("1 post still to read and acknowledge.");
    expect(text(3, 2)).toBe("2 posts still to read and acknowledge.");
  });
});
