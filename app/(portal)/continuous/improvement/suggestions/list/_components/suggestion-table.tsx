"use client";

import { deleteSuggestionsAction } from "@/lib/forms/list-actions";
import { requestStateTableColumns } from "@/components/requests/state-columns";
import Link from "next/link";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { BulkDecision } from "@/components/requests/bulk-decision";
import { UnroutedBadge } from "@/components/forms/unrouted-badge";
import { recordActionsColumn } from "@/components/forms/staff-form-table";
import type { TableState } from "@/lib/data-table/state";
import { displayDate } from "@/lib/forms/fields";
import {
  SUGGESTION_DEFAULT_SORT,
  SUGGESTION_WHAT,
  suggestionLabel,
  type SuggestionListRow,
} from "@/lib/forms/suggestions/columns";

type Props = { state: TableState; rows: SuggestionListRow[]; total: number; canDecide?: boolean };

/** The suggestion list's columns, view and edit links, exports, multi-select delete and Add on the DataTable. */
export function SuggestionTable({ state, rows, total, canDecide = false }: Props) {
  const {
    toolbar,
    bulkActions: deleteActions,
    dialog,
  } = useFormListActions({
    state,
    listCall: "continuous/improvement/suggestions/list",
    deleteAction: deleteSuggestionsAction,
    what: SUGGESTION_WHAT,
  });
  // Roles 1 and 2 move a selection on in one step (the server decides per row); delete as before.
  const bulkActions =
    deleteActions || canDecide
      ? (selected: string[], clear: () => void) => (
          <>
            {canDecide && <BulkDecision form="suggestion" selected={selected} clear={clear} />}
            {deleteActions?.(selected, clear)}
          </>
        )
      : undefined;
  const columns: DataTableColumn<SuggestionListRow>[] = [
    {
      id: "name",
      header: suggestionLabel("name"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => (
        <>
          {r.name}
          <UnroutedBadge routed={r.routed} />
        </>
      ),
    },
    { id: "date", header: suggestionLabel("date"), sortable: true, cell: (r) => displayDate(r.date) },
    {
      id: "location_name",
      header: suggestionLabel("location_name"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => r.locationName,
    },
    { id: "email", header: suggestionLabel("email"), sortable: true, filter: { kind: "text" }, cell: (r) => r.email },
    {
      id: "updated_by",
      header: suggestionLabel("updated_by"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => r.updatedByName,
    },
    {
      id: "updated_at",
      header: suggestionLabel("updated_at"),
      sortable: true,
      cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" />,
    },
    ...requestStateTableColumns(),
    recordActionsColumn({
      view: (r) => `/continuous/improvement/suggestions/view/${r.id}`,
      edit: (r) => `/continuous/improvement/suggestions/edit/${r.id}`,
      label: (r) => r.name,
    }),
  ];
  return (
    <>
      <DataTable
        path="/continuous/improvement/suggestions/list"
        title="Continuous Improvement Suggestions"
        state={state}
        defaultSort={SUGGESTION_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => r.name}
        bulkActions={bulkActions}
        toolbar={(selected) => (
          <>
            <Link
              href="/continuous/improvement/suggestions/add"
              prefetch={false}
              className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              Add
            </Link>
            {toolbar(selected)}
          </>
        )}
      />
      {dialog}
    </>
  );
}
