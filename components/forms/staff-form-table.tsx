"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { UnroutedBadge } from "@/components/forms/unrouted-badge";
import type { TableSort, TableState } from "@/lib/data-table/state";
import type { ApiForm } from "@/lib/requests/transitions";
import { BulkDecision } from "@/components/requests/bulk-decision";

export type StaffFormTableProps<Row extends { id: number }> = {
  path: string;
  title: string;
  state: TableState;
  defaultSort: TableSort;
  rows: Row[];
  total: number;
  columns: DataTableColumn<Row>[];
  rowLabel: (row: Row) => string;
  /** The list's v1 calls and what a record is called (useFormListActions): exports, and delete when `deleteAction` is given. */
  actions: Omit<Parameters<typeof useFormListActions>[0], "state">;
  emptyText?: string;
  /** Controls before the export buttons (Add, a date range). */
  toolbarStart?: React.ReactNode;
  /** The delete bar's gate: a message instead of the bar for a selection that may not be deleted. */
  refuseDelete?: (selected: string[]) => React.ReactNode | null;
  /** The request form whose selected rows may be approved or denied in bulk (roles 1 and 2; the server decides per row). */
  decideForm?: ApiForm;
};

/**
 * A staff-form list on the shared DataTable: selectable rows, the exports (all, or the selection) in
 * the toolbar, the bulk delete (when the list has a delete call) with its confirm dialog, the row id as
 * the selection key.
 */
export function StaffFormTable<Row extends { id: number }>({
  actions,
  toolbarStart,
  refuseDelete,
  decideForm,
  ...table
}: StaffFormTableProps<Row>) {
  const { toolbar, bulkActions: deleteActions, dialog } = useFormListActions({ state: table.state, ...actions });
  const bulkActions =
    deleteActions || decideForm
      ? (selected: string[], clear: () => void) => (
          <>
            {decideForm && <BulkDecision form={decideForm} selected={selected} clear={clear} />}
            {deleteActions && (refuseDelete?.(selected) ?? deleteActions(selected, clear))}
          </>
        )
      : undefined;
  return (
    <>
      <DataTable
        {...table}
        rowId={(r) => String(r.id)}
        // Rows are selectable on every list: a selection can be exported even where nothing can be deleted.
        selectable
        bulkActions={bulkActions}
        toolbar={(selected) => (
          <>
            {toolbarStart}
            {toolbar(selected)}
          </>
        )}
      />
      {dialog}
    </>
  );
}

/** A name cell with the 'not routed' badge of a submission no mapping routed. */
export function nameWithBadge<Row extends { routed: boolean }>(name: (row: Row) => string) {
  return function NameCell(r: Row) {
    return (
      <>
        {name(r)}
        <UnroutedBadge routed={r.routed} />
      </>
    );
  };
}

/** The 'Updated By' and 'Updated At' columns every staff-form list ends with. */
export function updatedColumns<Row extends { updatedByName: string | null; updatedAt: string | Date }>(
  label: (id: "updated_by" | "updated_at") => string,
): DataTableColumn<Row>[] {
  return [
    { id: "updated_by", header: label("updated_by"), sortable: true, cell: (r) => r.updatedByName ?? "" },
    {
      id: "updated_at",
      header: label("updated_at"),
      sortable: true,
      cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" />,
    },
  ];
}

/** The row's Edit link (`href` null: no link for that row). */
export function editColumn<Row>(
  href: (row: Row) => string | null,
  label: (row: Row) => string,
  header = "Action",
): DataTableColumn<Row> {
  return {
    id: "actions",
    header,
    cell: (r) => {
      const to = href(r);
      return to ? (
        <Link href={to} prefetch={false} className="text-brand-700 hover:underline" aria-label={label(r)}>
          Edit
        </Link>
      ) : null;
    },
  };
}

/**
 * The row's actions on a staff-form list: View (the read-only detail page, every submitted field) and,
 * where the form has one, Edit. `label` names the record for screen readers ('View Jane Doe').
 */
export function recordActionsColumn<Row>(input: {
  view: (row: Row) => string;
  edit?: (row: Row) => string;
  label: (row: Row) => string;
  header?: string;
}): DataTableColumn<Row> {
  const link = "text-brand-700 hover:underline";
  return {
    id: "actions",
    header: input.header ?? "Actions",
    cell: (r) => (
      <span className="flex gap-3 whitespace-nowrap">
        <Link href={input.view(r)} prefetch={false} className={link} aria-label={`View ${input.label(r)}`}>
          View
        </Link>
        {input.edit && (
          <Link href={input.edit(r)} prefetch={false} className={link} aria-label={`Edit ${input.label(r)}`}>
            Edit
          </Link>
        )}
      </span>
    ),
  };
}
