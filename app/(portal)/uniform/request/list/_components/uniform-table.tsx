"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { DateText } from "@/components/content/date-text";
import { DateRangePicker } from "@/components/forms/date-range-picker";
import {
  RequestFormTable,
  nameWithBadge,
  recordActionsColumn,
  requestColumns,
} from "@/components/forms/staff-form-table";
import { tableHref, type TableState } from "@/lib/data-table/state";
import {
  UNIFORM_DEFAULT_SORT,
  YES_NO_FILTER,
  uniformLabel,
  yesNo,
  type UniformListRow,
} from "@/lib/forms/uniform/columns";
import { ALL_DATES, formatRange, parseRange } from "@/lib/forms/date-range";
import { DESIGNATIONS, WEARS, designationName, wearName } from "@/lib/forms/uniform/schemas";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";

type Option = { value: number; text: string };
type Props = { state: TableState; rows: UniformListRow[]; total: number; locations: Option[] };

const PATH = staffFormHref("uniform_request", "list");
const options = (list: readonly Option[]) => list.map((o) => ({ value: o.value, text: o.text }));
const num = (n: number | null) => (n === null ? "" : String(n));

/** The uniform list's columns, the row's View link, date range, exports and Add on the shared staff-form table. */
export function UniformTable({ state, rows, total, locations }: Props) {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const range = parseRange(state.filters.range);
  const setRange = (value: string) =>
    startTransition(() =>
      router.push(
        tableHref(
          PATH,
          state,
          { defaultSort: UNIFORM_DEFAULT_SORT },
          { filters: { ...state.filters, range: value }, page: 1 },
        ),
      ),
    );
  const yesNoFilter = { kind: "select" as const, options: YES_NO_FILTER };

  const columns: DataTableColumn<UniformListRow>[] = requestColumns(
    [
      {
        id: "designation",
        header: uniformLabel("designation"),
        sortable: true,
        filter: { kind: "select", options: options(DESIGNATIONS) },
        cell: (r) => designationName(r.designationId),
      },
      {
        id: "employee_name",
        header: uniformLabel("employee_name"),
        sortable: true,
        filter: { kind: "text" },
        cell: nameWithBadge((r) => `${r.employeeFirstName} ${r.employeeLastName}`),
        card: "title",
      },
      {
        id: "location",
        header: uniformLabel("location"),
        sortable: true,
        filter: { kind: "select", options: locations },
        cell: (r) => r.locationName,
      },
      {
        id: "requestor",
        header: uniformLabel("requestor"),
        sortable: true,
        filter: { kind: "text" },
        cell: (r) => r.requestorName,
      },
      {
        id: "new_hire",
        header: uniformLabel("new_hire"),
        sortable: true,
        filter: yesNoFilter,
        cell: (r) => yesNo(r.newHire),
      },
      {
        id: "new_order",
        header: uniformLabel("new_order"),
        sortable: true,
        filter: yesNoFilter,
        cell: (r) => yesNo(r.newOrder),
      },
      {
        id: "re_order",
        header: uniformLabel("re_order"),
        sortable: true,
        filter: yesNoFilter,
        cell: (r) => yesNo(r.reOrder),
      },
      {
        id: "wear",
        header: uniformLabel("wear"),
        sortable: true,
        filter: { kind: "select", options: options(WEARS) },
        cell: (r) => wearName(r.wearId),
      },
      { id: "quantity", header: uniformLabel("quantity"), sortable: true, cell: (r) => num(r.quantity) },
      {
        id: "shirt_quantity",
        header: uniformLabel("shirt_quantity"),
        sortable: true,
        cell: (r) => num(r.shirtQuantity),
      },
      { id: "pant_quantity", header: uniformLabel("pant_quantity"), sortable: true, cell: (r) => num(r.pantQuantity) },
      {
        id: "updated_at",
        header: uniformLabel("updated_at"),
        sortable: true,
        cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" />,
      },
    ],
    STAFF_FORMS.uniform_request.workflow,
    recordActionsColumn({
      view: (r) => staffFormHref("uniform_request", "view", r.id),
      label: (r) => `${r.employeeFirstName} ${r.employeeLastName}`,
    }),
  );

  return (
    <RequestFormTable
      form="uniform_request"
      decide
      title="Uniform Requests"
      state={state}
      defaultSort={UNIFORM_DEFAULT_SORT}
      rows={rows}
      total={total}
      columns={columns}
      rowLabel={(r) => `${r.employeeFirstName} ${r.employeeLastName}`}
      emptyText="No uniform requests in this date range."
      listCall="uniform/request/list"
      addHref={staffFormHref("uniform_request", "add")}
      toolbarStart={
        <DateRangePicker
          value={range && range !== ALL_DATES ? range : null}
          onApply={(r) => setRange(formatRange(r))}
          onClear={() => setRange(ALL_DATES)}
        />
      }
    />
  );
}
