import { describe, expect, it, vi } from "vitest";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => {}, refresh: () => {} }),
  usePathname: () => "/list",
  useSearchParams: () => new URLSearchParams(),
}));

import { renderHtml } from "@/test/render-dom";
import { DataTable, type DataTableProps } from "./data-table";

type Row = { id: number; name: string };
const base: DataTableProps<Row> = {
  path: "/list",
  title: "People",
  state: { page: 1, size: 25, sort: { id: "name", desc: false }, filters: {} },
  defaultSort: { id: "name", desc: false },
  rows: [
    { id: 1, name: "Ada" },
    { id: 2, name: "Bo" },
  ],
  total: 2,
  columns: [{ id: "name", header: "Name", cell: (r) => r.name }],
  rowId: (r) => String(r.id),
  rowLabel: (r) => r.name,
};
const checkboxes = (props: Partial<DataTableProps<Row>>) =>
  renderHtml(<DataTable {...base} {...props} />)
    .screen.queryAllByRole("checkbox")
    .map((c) => c.getAttribute("aria-label"));

describe("the data table's row selection", () => {
  it("is offered with bulk actions", () => {
    expect(checkboxes({ bulkActions: () => null })).toEqual(expect.arrayContaining(["Select Ada", "Select Bo"]));
  });

  it("is offered for a toolbar that acts on the selection ('Export N record(s)') without bulk actions", () => {
    expect(checkboxes({ selectable: true, toolbar: () => null })).toEqual(
      expect.arrayContaining(["Select Ada", "Select Bo"]),
    );
  });

  it("is not offered to a list with neither", () => {
    expect(checkboxes({ toolbar: () => null })).toEqual([]);
  });
});

describe("the data table's cards (a phone's layout)", () => {
  type Request = { id: number; name: string; email: string; status: string; note: string };
  const columns: DataTableProps<Request>["columns"] = [
    { id: "email", header: "Email", cell: (r) => r.email },
    { id: "name", header: "Name", cell: (r) => r.name, card: "title", sortable: true, filter: { kind: "text" } },
    { id: "status", header: "Status", cell: (r) => r.status, card: "badge" },
    { id: "note", header: "Note", cell: (r) => r.note, card: "hidden" },
    { id: "actions", header: "Actions", cell: (r) => <a href={`/view/${r.id}`}>View {r.name}</a> },
  ];
  const props = {
    ...base,
    rows: [{ id: 1, name: "Ada", email: "ada@example.com", status: "Submitted", note: "Long" }],
    total: 1,
    columns,
    selectable: true,
  } as unknown as DataTableProps<Request>;
  const render = (more: Partial<DataTableProps<Request>> = {}) => renderHtml(<DataTable {...props} {...more} />);
  const cellOf = (screen: ReturnType<typeof render>["screen"], text: string) =>
    screen.getAllByRole("cell").find((c) => c.textContent === text)!;

  it("stays one table: a row per record, the same cells, the checkbox and actions still named after the record", () => {
    const { screen } = render({ cards: true });
    expect(screen.getByRole("table", { name: /People/ })).toBeTruthy();
    const rows = screen.getAllByRole("row").filter((r) => r.textContent?.includes("Ada"));
    expect(rows).toHaveLength(1);
    expect(screen.getByRole("checkbox", { name: "Select Ada" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Ada" })).toBeTruthy();
    // Sorting and filters are the same controls.
    expect(screen.getByRole("button", { name: "Name" })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Filter by Name" })).toBeTruthy();
  });

  it("heads each card with the title column, the badge beside it, other cells as 'Name: value' lines", () => {
    const { screen } = render({ cards: true });
    const title = cellOf(screen, "Ada");
    expect(title.className).toContain("max-md:col-start-2");
    expect(title.className).toContain("max-md:row-start-1");
    expect(title.getAttribute("data-label")).toBeNull();
    expect(cellOf(screen, "Submitted").className).toContain("max-md:col-start-3");
    const email = cellOf(screen, "ada@example.com");
    expect(email.getAttribute("data-label")).toBe("Email:");
    expect(email.className).toContain("max-md:col-span-full");
    expect(cellOf(screen, "Long").className).toContain("max-md:hidden");
    const actions = screen.getByRole("link", { name: "View Ada" }).closest("td")!;
    expect(actions.className).toContain("max-md:col-span-full");
    expect(actions.className).toContain("max-md:static");
    expect(screen.getByRole("checkbox", { name: "Select Ada" }).closest("td")!.className).toContain(
      "max-md:col-start-1",
    );
    // A card's filter shows its column's name.
    expect(screen.getByRole("searchbox", { name: "Filter by Name" }).closest("td")!.getAttribute("data-label")).toBe(
      "Name",
    );
  });

  it("folds the sort buttons and filters behind 'Sort and filter' on a phone, the select-all box named on screen", () => {
    const { screen } = render({ cards: true, state: { ...base.state, filters: { name: "Ad" } } });
    const toggle = screen.getByRole("button", { name: "Sort and filter (1 filter on)" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(toggle.className).toContain("md:hidden");
    const head = screen.getAllByRole("rowgroup")[0];
    expect(toggle.getAttribute("aria-controls")).toBe(head.id);
    expect(screen.getByRole("searchbox", { name: "Filter by Name" }).closest("tr")!.className).toContain(
      "max-md:hidden",
    );
    expect(screen.getByRole("button", { name: "Name" }).closest("th")!.className).toContain("max-md:hidden");
    expect(
      screen.getByRole("checkbox", { name: "Select all rows on this page" }).closest("th")!.className,
    ).not.toContain("max-md:hidden");
    expect(screen.getByText("Select all").className).toContain("md:hidden");
  });

  it("takes the first column as the title when none is marked", () => {
    const { screen } = render({ cards: true, columns: columns.map(({ card: _, ...c }) => c) });
    expect(cellOf(screen, "ada@example.com").className).toContain("max-md:col-start-2");
    expect(cellOf(screen, "Ada").getAttribute("data-label")).toBe("Name:");
  });

  it("is off by default: a table scrolled sideways on a phone, no card classes", () => {
    const { html, screen } = render();
    expect(screen.queryByRole("button", { name: /Sort and filter/ })).toBeNull();
    expect(html).not.toContain("max-md:");
    expect(html).not.toContain("data-label");
  });
});
