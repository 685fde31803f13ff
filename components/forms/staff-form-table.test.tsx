import { describe, expect, it } from "vitest";
import type { DataTableColumn } from "@/components/data-table/data-table";
import type { RequestStateRow } from "@/lib/requests/columns";
import { requestColumns } from "./staff-form-table";

type Row = RequestStateRow & { id: number };
const col = (id: string, more: Partial<DataTableColumn<Row>> = {}): DataTableColumn<Row> => ({
  id,
  header: id,
  cell: () => id,
  ...more,
});
const actions = col("actions");

describe("a request list's columns", () => {
  it("put Status and Due right after the title column (the first), the decision's columns and actions last", () => {
    const ids = requestColumns([col("name"), col("date"), col("reason")], "approval", actions).map((c) => c.id);
    expect(ids).toEqual(["name", "status", "overdue", "date", "reason", "decided_by", "decided_at", "actions"]);
  });

  it("take the column marked as the title (a reference) wherever it stands, and head the card with it", () => {
    const columns = requestColumns([col("designation"), col("employee_name", { card: "title" })], "approval", actions);
    expect(columns.map((c) => c.id).slice(0, 3)).toEqual(["employee_name", "status", "overdue"]);
    expect(columns[0].card).toBe("title");
    expect(columns.find((c) => c.id === "status")!.card).toBe("badge");
  });
});
