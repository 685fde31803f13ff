"use client";

import { deleteSuggestionsAction } from "@/lib/forms/suggestions/actions";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { RequestFormTable, requestListColumns, type StaffListProps } from "@/components/forms/staff-form-table";
import { displayDate } from "@/lib/forms/fields";
import { staffFormHref } from "@/lib/forms/registry";
import { SUGGESTION_DEFAULT_SORT, suggestionLabel, type SuggestionListRow } from "@/lib/forms/suggestions/columns";

const columns: DataTableColumn<SuggestionListRow>[] = requestListColumns(
  "improvement_suggestion",
  suggestionLabel,
  (column) => [
    column.named("name", (r) => r.name),
    column("date", (r) => displayDate(r.date)),
    column.text("location_name", (r) => r.locationName),
    column.text("email", (r) => r.email),
    ...column.updated(true),
  ],
  { label: (r) => r.name },
);

/**
 * The suggestion list's columns, view and edit links, exports, multi-select delete and Add on the shared
 * staff-form table; roles 1 and 2 also move a selection on in one step (the server decides per row).
 */
export function SuggestionTable({
  canDecide = false,
  ...list
}: StaffListProps<SuggestionListRow> & { canDecide?: boolean }) {
  return (
    <RequestFormTable
      {...list}
      form="improvement_suggestion"
      decide={canDecide}
      title="Continuous Improvement Suggestions"
      defaultSort={SUGGESTION_DEFAULT_SORT}
      columns={columns}
      rowLabel={(r) => r.name}
      addHref={staffFormHref("improvement_suggestion", "add")}
      listCall="continuous/improvement/suggestions/list"
      deleteAction={deleteSuggestionsAction}
    />
  );
}
