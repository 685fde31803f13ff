import type { DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { StatusBadge } from "./status-badge";
import type { RequestStateRow } from "@/lib/requests/columns";
import { REQUEST_STATE_COLUMNS, statusFilterOf } from "@/lib/requests/filters";
import type { Workflow } from "@/lib/requests/transitions";

const label = (id: (typeof REQUEST_STATE_COLUMNS)[number]["id"]) =>
  REQUEST_STATE_COLUMNS.find((c) => c.id === id)!.label;

/**
 * The Status (filter, with the workflow's statuses only, and sort), Overdue, Decided By and Decided At (sort) columns
 * every staff-form list shows (docs/features/requests.md).
 */
export function requestStateTableColumns<Row extends RequestStateRow>(workflow: Workflow): DataTableColumn<Row>[] {
  return [
    {
      id: "status",
      header: label("status"),
      sortable: true,
      // Only the statuses this form's requests can be in.
      filter: { kind: "select", options: statusFilterOf(workflow) },
      cell: (r) => <StatusBadge status={r.status} />,
    },
    {
      id: "overdue",
      header: "Overdue",
      filter: { kind: "select", options: [{ value: 1, text: "Overdue" }] },
      cell: (r) =>
        r.overdue ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>
        ) : (
          ""
        ),
    },
    { id: "decided_by", header: label("decided_by"), cell: (r) => r.decidedByName ?? "" },
    {
      id: "decided_at",
      header: label("decided_at"),
      sortable: true,
      cell: (r) => (r.decidedAt ? <DateText date={new Date(r.decidedAt)} kind="us" /> : ""),
    },
  ];
}
