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
