import { afterEach, describe, expect, it } from "vitest";
import { renderHtml } from "@/test/render-dom";
import { formatLocal, type DateKind } from "@/lib/dates/local";
import { DateText } from "./date-text";

const savedTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = savedTz;
});

describe("DateText", () => {
  // 4:30 PM Pacific on Nov 28 is already Nov 29 in UTC: the first paint must not show the UTC day or time.
  const at = new Date("2026-11-29T00:30:00Z");

  it("renders the portal's time zone on the server, not UTC", () => {
    process.env.TZ = "UTC";
    const text = (kind: DateKind) => renderHtml(<DateText date={at} kind={kind} />).container.textContent;
    expect(text("long")).toBe("28 November, 2026");
    expect(text("us")).toBe("11/28/2026");
    expect(text("time")).toBe("04:30 PM");
    expect(renderHtml(<DateText date={at} kind="time" />).html).toContain('dateTime="2026-11-29T00:30:00.000Z"');
  });

  it("writes what the browser writes after hydration in the portal's zone: no switch for its viewers", () => {
    const server = (kind: DateKind) => renderHtml(<DateText date={at} kind={kind} />).container.textContent;
    process.env.TZ = "America/Los_Angeles";
    for (const kind of ["long", "us", "time"] as const) expect(formatLocal(at, kind)).toBe(server(kind));
  });
});
