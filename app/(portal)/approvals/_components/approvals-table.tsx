"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { BulkDecision } from "@/components/requests/bulk-decision";
import { RowDecision } from "@/components/requests/row-decision";
import { StatusBadge } from "@/components/requests/status-badge";
import { OverdueBadge } from "@/components/requests/state-columns";
import type { TableState } from "@/lib/data-table/state";
import { STAFF_FORMS } from "@/lib/forms/registry";
import type { ApprovalRow } from "@/lib/requests/queries";
import { API_FORMS } from "@/lib/requests/transitions";

type Option = { value: number; text: string };

const keyOf = (r: Pick<ApprovalRow, "form" | "id">) => `${r.form}:${r.id}`;
const formTitle = (r: ApprovalRow) => STAFF_FORMS[API_FORMS[r.form]].title;
const nameOf = (r: ApprovalRow) => `${formTitle(r)} ${r.reference || `#${r.id}`} · ${r.requester}`;

/**
 * The inbox on the shared DataTable: filters form, location and status (Waiting: the default), rows as
 * cards on a phone, each row's decisions, and the bulk decision across forms on the selection.
 */
export function ApprovalsTable({
  state,
  rows,
  total,
  filters,
}: {
  state: TableState;
  rows: ApprovalRow[];
  total: number;
  filters: { form: Option[]; location: Option[]; status: Option[] };
}) {
  const columns: DataTableColumn<ApprovalRow>[] = [
    {
      id: "reference",
      header: "Request",
      card: "title",
      cell: (r) => (
        <Link href={r.path} prefetch={false} className="text-brand-700 hover:underline">
          {r.reference || `#${r.id}`}
        </Link>
      ),
    },
    {
      id: "form",
      header: "Form",
      filter: { kind: "select", options: filters.form },
      cell: (r) => `${formTitle(r)} #${r.id}`,
    },
    { id: "requester", header: "Requester", cell: (r) => r.requester },
    {
      id: "location",
      header: "Location",
      filter: { kind: "select", options: filters.location },
      cell: (r) => r.location,
    },
    {
      id: "status",
      header: "Status",
      filter: { kind: "select", options: filters.status, allLabel: "Waiting" },
      cell: (r) => <StatusBadge status={r.status} />,
    },
    {
      id: "submitted",
      header: "Submitted",
      card: "hidden",
      cell: (r) => <DateText date={new Date(r.submitted_at)} kind="us" />,
    },
    { id: "due", header: "Due", cell: (r) => (r.due_at ? <DateText date={new Date(r.due_at)} kind="us" /> : "") },
    { id: "overdue", header: "Overdue", cell: (r) => <OverdueBadge overdue={r.overdue} /> },
    { id: "actions", header: "Decide", cell: (r) => <RowDecision row={r} name={nameOf(r)} /> },
  ];
  return (
    <DataTable
      path="/approvals"
      state={state}
      defaultSort={{ id: "due", desc: false }}
      rows={rows}
      total={total}
      columns={columns}
      rowId={keyOf}
      rowLabel={nameOf}
      title="Requests waiting for my decision"
      emptyText="Nothing waits for your decision."
      cards
      bulkActions={(selected, _clear, select) => (
        <BulkDecision
          items={rows
            .filter((r) => selected.includes(keyOf(r)))
            .map((r) => ({ key: keyOf(r), form: r.form, id: r.id }))}
          select={select}
        />
      )}
    />
  );
}
