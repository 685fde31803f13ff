import type { DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { StatusBadge } from "./status-badge";
import type { RequestStateRow } from "@/lib/requests/columns";
import { REQUEST_STATE_COLUMNS, statusFilterOf } from "@/lib/requests/filters";
import { INBOX_STATUSES, type Workflow } from "@/lib/requests/transitions";

const label = (id: (typeof REQUEST_STATE_COLUMNS)[number]["id"]) =>
  REQUEST_STATE_COLUMNS.find((c) => c.id === id)!.label;

/**
 * The Status (filter, with the workflow's statuses only, and sort), Due (filtered to the overdue), Decided By and
 * Decided At (sort) columns every staff-form list shows (docs/features/requests.md). On a phone's card the status is
 * the badge beside the title and the decision's columns are left off (the record's page has them).
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
      card: "badge",
    },
    {
      // The id the URL's Overdue filter has always had.
      id: "overdue",
      header: "Due",
      filter: { kind: "select", options: [{ value: 1, text: "Overdue" }] },
      cell: (r) => (INBOX_STATUSES.includes(r.status) ? <DueText dueAt={r.dueAt} overdue={r.overdue} /> : null),
    },
    { id: "decided_by", header: label("decided_by"), cell: (r) => r.decidedByName ?? "", card: "hidden" },
    {
      id: "decided_at",
      header: label("decided_at"),
      sortable: true,
      cell: (r) => (r.decidedAt ? <DateText date={new Date(r.decidedAt)} kind="us" /> : ""),
      card: "hidden",
    },
  ];
}

/** When a request waiting for an approver is due, marked Overdue past it (nothing without a target). */
function DueText({ dueAt, overdue }: { dueAt: Date | string | null; overdue: boolean }) {
  if (!dueAt && !overdue) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {dueAt && <DateText date={new Date(dueAt)} kind="us" />}
      {overdue && (
        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Overdue</span>
      )}
    </span>
  );
}
