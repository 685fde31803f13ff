import { describe, expect, it } from "vitest";
import { renderHtml } from "@/test/render-dom";
import { IdChecklist } from "./id-checklist";

const options = [
  { value: 1, text: "Downtown Motors" },
  { value: 2, text: "Valley Trucks" },
];

describe("the id checklist", () => {
  it("is a group named by its legend, one checkbox an option, ticked by its value", () => {
    const { screen } = renderHtml(<IdChecklist legend="Location" options={options} value={[2]} onChange={() => {}} />);
    const group = screen.getByRole("group", { name: "Location" });
    expect(group).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Downtown Motors" }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("checkbox", { name: "Valley Trucks" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  it("searchable: a search box named after the legend and a count of what is ticked", () => {
    const { screen } = renderHtml(
      <IdChecklist legend="Approvers" searchable options={options} value={[1, 2]} onChange={() => {}} />,
    );
    expect(screen.getByRole("searchbox", { name: "Search Approvers" })).toBeTruthy();
    expect(screen.getByText("2 selected")).toBeTruthy();
  });

  it("describes the group by its hint and its error, and marks it invalid", () => {
    const { screen } = renderHtml(
      <IdChecklist
        legend="Location"
        required
        options={options}
        value={[]}
        onChange={() => {}}
        hint="Where the mails go."
        error="select Location"
      />,
    );
    const group = screen.getByRole("group", { name: /Location/ });
    expect(group.getAttribute("aria-invalid")).toBe("true");
    const described = (group.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => group.ownerDocument.getElementById(id)?.textContent);
    expect(described).toEqual(["Where the mails go.", "select Location"]);
  });
});
