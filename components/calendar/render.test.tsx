import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import type { CalendarItem } from "@/lib/calendar/types";
import { SearchResults } from "./search-results";
import { MonthPreview } from "./month-preview";
import { describeOccurrence } from "./format";

const evil = `<img src=x onerror=alert(1)> Robert'); DROP TABLE calendar_events;--`;
const item = (over: Partial<CalendarItem> = {}): CalendarItem => ({
  id: 1,
  occurrenceId: "1-0",
  title: evil,
  keyId: 1,
  keyName: "<b>Key</b>",
  colorCode: "#2563eb",
  status: "active",
  type: "normal",
  allDay: false,
  start: "2026-03-10T17:00:00.000Z",
  end: "2026-03-10T18:30:00.000Z",
  startDay: null,
  endDay: null,
  ...over,
});

describe("untrusted text is shown as text", () => {
  it("search results escape the query and the titles", () => {
    const html = renderToString(
      <SearchResults
        query="<script>alert(1)</script>"
        results={[item()]}
        timeZone="America/Los_Angeles"
        seeStatus
        onBack={() => {}}
        onOpen={() => {}}
      />,
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("the empty search says 'No dates found...!!!'", () => {
    const html = renderToString(
      <SearchResults query="zzz" results={[]} timeZone="UTC" seeStatus={false} onBack={() => {}} onOpen={() => {}} />,
    );
    expect(html).toContain("No dates found...!!!");
  });

  it("the server's month preview escapes titles and places events on their local day", () => {
    const html = renderToString(
      <MonthPreview
        firstOfMonth="2026-03-01"
        today="2026-03-10"
        timeZone="America/Los_Angeles"
        events={[
          item(),
          item({
            occurrenceId: "2-0",
            id: 2,
            title: "Holiday",
            allDay: true,
            startDay: "2026-03-20",
            endDay: "2026-03-22",
          }),
        ]}
      />,
    );
    expect(html).not.toContain("<img");
    expect(html).toContain("10a");
    expect(html.match(/title="Holiday"/g)).toHaveLength(2); // the 20th and the 21st
  });
});

describe("dates in the viewer's zone", () => {
  it("describes timed and all-day occurrences", () => {
    expect(describeOccurrence(item(), "America/Los_Angeles")).toBe("Tue, Mar 10, 2026, 10:00 AM – 11:30 AM");
    expect(describeOccurrence(item(), "Europe/Berlin")).toBe("Tue, Mar 10, 2026, 6:00 PM – 7:30 PM");
    expect(describeOccurrence(item({ allDay: true, startDay: "2026-03-20", endDay: "2026-03-22" }), "Asia/Tokyo")).toBe(
      "Fri, Mar 20, 2026 – Sat, Mar 21, 2026 (all day)",
    );
  });
});
