"use client";

import Link from "next/link";
import { DataTable, type DataTableColumn, type DataTableFilter } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { UnroutedBadge } from "@/components/forms/unrouted-badge";
import type { TableSort, TableState } from "@/lib/data-table/state";
import type { ApiForm, Workflow } from "@/lib/requests/transitions";
import { BulkDecision } from "@/components/requests/bulk-decision";
import { requestStateTableColumns } from "@/components/requests/state-columns";
import type { RequestStateRow } from "@/lib/requests/columns";
import type { EditRight } from "@/lib/requests/edit-rules";
import type { FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";

/** What a staff-form list page hands its table: the URL's table state, and that page of rows and the total. */
export type StaffListProps<Row> = { state: TableState; rows: Row[]; total: number };

export type StaffFormTableProps<Row extends { id: number }> = StaffListProps<Row> & {
  path: string;
  title: string;
  defaultSort: TableSort;
  columns: DataTableColumn<Row>[];
  rowLabel: (row: Row) => string;
  /** The list's v1 calls and what a record is called (useFormListActions): exports, and delete when `deleteAction` is given. */
  actions: Omit<Parameters<typeof useFormListActions>[0], "state">;
  emptyText?: string;
  /** The form's add page: an 'Add' button first in the toolbar. */
  addHref?: string;
  /** Controls before the export buttons (a date range). */
  toolbarStart?: React.ReactNode;
  /** The delete bar's gate: a message instead of the bar for a selection that may not be deleted. */
  refuseDelete?: (selected: string[]) => React.ReactNode | null;
  /** The request form whose selected rows may be approved or denied in bulk (roles 1 and 2; the server decides per row). */
  decideForm?: ApiForm;
  /** Rows as cards on a phone (DataTable's `cards`). */
  cards?: boolean;
};

/**
 * A staff-form list on the shared DataTable: selectable rows, the exports (all, or the selection) in
 * the toolbar, the bulk delete (when the list has a delete call) with its confirm dialog, the row id as
 * the selection key.
 */
export function StaffFormTable<Row extends { id: number }>({
  actions,
  addHref,
  toolbarStart,
  refuseDelete,
  decideForm,
  ...table
}: StaffFormTableProps<Row>) {
  const { toolbar, bulkActions: deleteActions, dialog } = useFormListActions({ state: table.state, ...actions });
  const bulkActions =
    deleteActions || decideForm
      ? (selected: string[], clear: () => void, keep: (ids: string[]) => void) => (
          <>
            {decideForm && (
              <BulkDecision
                selected={selected.map((key) => ({ key, form: decideForm, id: Number(key) }))}
                clear={clear}
                keep={keep}
              />
            )}
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
            {addHref && (
              <Link
                href={addHref}
                prefetch={false}
                className="inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
              >
                Add
              </Link>
            )}
            {toolbarStart}
            {toolbar(selected)}
          </>
        )}
      />
      {dialog}
    </>
  );
}

/**
 * A request form's list on StaffFormTable, its form's facts from the registry: the list's path, what a
 * record is called (its title) and, with `decide` (roles 1 and 2), the form whose selected rows may be
 * decided in bulk. `listCall` is its v1 list call (the exports); `deleteAction` gives the bulk delete.
 * On a phone its rows are cards (DataTable's `cards`; the columns' order and card places: requestColumns).
 */
export function RequestFormTable<Row extends { id: number }>({
  form,
  decide = false,
  listCall,
  deleteAction,
  ...table
}: Omit<StaffFormTableProps<Row>, "path" | "actions" | "decideForm"> & {
  form: FormKey;
  decide?: boolean;
} & Pick<StaffFormTableProps<Row>["actions"], "listCall" | "deleteAction">) {
  return (
    <StaffFormTable
      {...table}
      path={staffFormHref(form, "list")}
      decideForm={decide ? STAFF_FORMS[form].apiForm : undefined}
      actions={{ listCall, deleteAction, what: STAFF_FORMS[form].title }}
      cards
    />
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

/** The filter of a column searched by its text. */
const TEXT_FILTER: DataTableFilter = { kind: "text" };

/**
 * A list's column maker: `column(id, cell, more)` is headed by the list's label for `id` and sorts
 * (server side) unless `more` says `sortable: false`; `more` gives its filter.
 */
function labelledColumns<Row, Id extends string>(label: (id: Id) => string) {
  return (
    id: Id,
    cell: DataTableColumn<Row>["cell"],
    more?: Pick<DataTableColumn<Row>, "sortable" | "filter">,
  ): DataTableColumn<Row> => ({ id, header: label(id), sortable: true, ...more, cell });
}

/**
 * A request form's list columns: its own, made by `own(column)`, then the request's state columns and
 * the row's View link and, when the form is registered with an edit page, its Edit link (`actions.label`
 * names the record for them). `column(id, cell, more)` is headed by the list's label for `id` and sorts
 * (labelledColumns); `column.text` is also searched by its text; `column.named` is the record's name with
 * the 'not routed' badge, searched by its text; `column.location()` is where it was made; `column.updated()`
 * gives 'Updated By' (searched by its text when `searchable`) and 'Updated At'.
 */
export function requestListColumns<
  Row extends RequestStateRow & {
    id: number;
    routed: boolean;
    locationName: string | null;
    updatedByName: string | null;
    updatedAt: string | Date;
  },
  Id extends string,
>(
  form: FormKey,
  label: (id: Id) => string,
  own: (column: ReturnType<typeof requestColumnMaker<Row, Id>>) => DataTableColumn<Row>[],
  actions: { label: (row: Row) => string; header?: string },
): DataTableColumn<Row>[] {
  const links = {
    view: (r: Row) => staffFormHref(form, "view", r.id),
    edit: STAFF_FORMS[form].editPage ? (r: Row) => staffFormHref(form, "edit", r.id) : undefined,
  };
  return requestColumns(
    own(requestColumnMaker<Row, Id>(label)),
    STAFF_FORMS[form].workflow,
    recordActionsColumn({ ...links, ...actions }),
  );
}

/**
 * A request list's columns in their order: the record's title column (the one marked `card: "title"`, else the
 * first), then Status and Due, so both are in view at 1280 px however many fields the form lists, then the form's
 * other columns, Decided By and Decided At, and the row's actions (pinned at the right). On a phone's card the title
 * heads it with the status beside it (DataTable's `cards`).
 */
export function requestColumns<Row extends RequestStateRow>(
  own: DataTableColumn<Row>[],
  workflow: Workflow,
  actions: DataTableColumn<Row>,
): DataTableColumn<Row>[] {
  const at = Math.max(
    0,
    own.findIndex((c) => c.card === "title"),
  );
  const title: DataTableColumn<Row> = { ...own[at], card: "title" };
  const [status, due, ...decision] = requestStateTableColumns<Row>(workflow);
  return [title, status, due, ...own.filter((_, i) => i !== at), ...decision, actions];
}

function requestColumnMaker<
  Row extends { routed: boolean; locationName: string | null; updatedByName: string | null; updatedAt: string | Date },
  Id extends string,
>(label: (id: Id) => string) {
  const column = labelledColumns<Row, Id>(label);
  return Object.assign(column, {
    // Where the request was made (sorted by the location's name: the shared `location` list column).
    location: (): DataTableColumn<Row> => ({
      id: "location",
      header: "Location",
      sortable: true,
      cell: (r) => r.locationName ?? "",
    }),
    text: (id: Id, cell: DataTableColumn<Row>["cell"]) => column(id, cell, { filter: TEXT_FILTER }),
    named: (id: Id, name: (row: Row) => string) => column(id, nameWithBadge(name), { filter: TEXT_FILTER }),
    // The staff lists' labels all have the two updated columns.
    updated: (searchable = false) => updatedColumns<Row>(label as (id: UpdatedId) => string, searchable),
  });
}

type UpdatedId = "updated_by" | "updated_at";

/** The 'Updated By' (searched by its text when `searchable`) and 'Updated At' columns every staff-form list ends with. */
export function updatedColumns<Row extends { updatedByName: string | null; updatedAt: string | Date }>(
  label: (id: UpdatedId) => string,
  searchable = false,
): DataTableColumn<Row>[] {
  const column = labelledColumns<Row, UpdatedId>(label);
  return [
    column("updated_by", (r) => r.updatedByName ?? "", searchable ? { filter: TEXT_FILTER } : undefined),
    column("updated_at", (r) => <DateText date={new Date(r.updatedAt)} kind="us" />),
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
 * where the form has one and the viewer may use it (the row's `mayEdit`, lib/requests/edit-rules.ts
 * withEditRights), Edit. `label` names the record for screen readers ('View Jane Doe').
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
        {input.edit && (r as EditRight).mayEdit !== false && (
          <Link href={input.edit(r)} prefetch={false} className={link} aria-label={`Edit ${input.label(r)}`}>
            Edit
          </Link>
        )}
      </span>
    ),
  };
}
