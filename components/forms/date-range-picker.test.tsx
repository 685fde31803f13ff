import { describe, expect, it } from "vitest";
import { renderHtml } from "@/test/render-dom";
import { DateRangePicker } from "./date-range-picker";

describe("the date-range picker, closed", () => {
  it("names the applied range as YYYY-MM-DD on a collapsed button", () => {
    const { screen } = renderHtml(
      <DateRangePicker value={{ from: "2026-11-18", to: "2026-11-24" }} onApply={() => {}} onClear={() => {}} />,
    );
    const button = screen.getByRole("button", { name: "Date range: 2026-11-18 - 2026-11-24" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("button", { name: "Apply Filter" })).toBeNull();
  });

  it("says 'All dates' once the filter is cleared", () => {
    const { screen } = renderHtml(<DateRangePicker value={null} onApply={() => {}} onClear={() => {}} />);
    expect(screen.getByRole("button", { name: "Date range: All dates" })).toBeTruthy();
  });
});
