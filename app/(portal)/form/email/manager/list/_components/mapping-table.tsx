"use client";

import { deleteMappingsAction } from "@/lib/forms/email-manager/actions";
import { useId } from "react";
import { useRouter } from "next/navigation";
import type { DataTableColumn } from "@/components/data-table/data-table";
import { StaffFormTable, editColumn, updatedColumns } from "@/components/forms/staff-form-table";
import { tableHref, type TableState } from "@/lib/data-table/state";
import { MAPPER_DEFAULT_SORT, mapperLabel, mayChangeMapping, type MappingRow } from "@/lib/forms/email-manager/columns";

const PATH = "/form/email/manager/list";

/** One address a line (the old portal: To and CC render with line breaks). */
const Lines = ({ list }: { list: string[] }) => (
  <ul>
    {list.map((a) => (
      <li key={a} className="break-all">
        {a}
      </li>
    ))}
  </ul>
);

/** The 'Request Options' picker and the mappings of the chosen form on the shared staff-form table. */
export function MappingTable({
  state,
  rows,
  total,
  roleId,
  forms,
}: {
  state: TableState;
  rows: MappingRow[];
  total: number;
  roleId: number;
  forms: { value: number; text: string }[];
}) {
  const router = useRouter();
  const pickerId = useId();
  const formId = state.filters.form ?? "1";
  const columns: DataTableColumn<MappingRow>[] = [
    { id: "location", header: mapperLabel("location"), sortable: true, cell: (r) => r.locationName },
    {
      id: "to_email",
      header: mapperLabel("to_email"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => <Lines list={r.toEmails} />,
    },
    {
      id: "cc_email",
      header: mapperLabel("cc_email"),
      sortable: true,
      filter: { kind: "text" },
      cell: (r) => <Lines list={r.ccEmails} />,
    },
    {
      id: "approvers",
      header: mapperLabel("approvers"),
      cell: (r) => (r.approverNames.length ? <Lines list={r.approverNames} /> : "Administrators only"),
    },
    { id: "status", header: mapperLabel("status"), sortable: true, cell: (r) => r.status },
    ...updatedColumns<MappingRow>(mapperLabel),
    editColumn(
      (r) => (mayChangeMapping(r, roleId) ? `/form/email/manager/edit/${r.id}` : null),
      (r) => `Edit the mapping of ${r.locationName}`,
      "Actions",
    ),
  ];
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={pickerId} className="text-sm font-medium text-slate-700">
          Request Options
        </label>
        <select
          id={pickerId}
          value={formId}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
          onChange={(e) =>
            router.push(
              tableHref(
                PATH,
                state,
                { defaultSort: MAPPER_DEFAULT_SORT },
                { page: 1, filters: { ...state.filters, form: e.target.value } },
              ),
            )
          }
        >
          {forms.map((f) => (
            <option key={f.value} value={String(f.value)}>
              {f.text}
            </option>
          ))}
        </select>
      </div>
      <StaffFormTable
        path={PATH}
        title="Form Email Mappings"
        state={state}
        defaultSort={MAPPER_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowLabel={(r) => r.locationName}
        actions={{
          listCall: "form/mapper/list",
          deleteAction: deleteMappingsAction,
          what: "Form Email Mapper",
          extraBody: { formType: Number(formId) },
        }}
        // Closed rows can only be deleted by an administrator (the server checks it too).
        refuseDelete={(selected) =>
          rows.some((r) => selected.includes(String(r.id)) && !mayChangeMapping(r, roleId)) ? (
            <span className="text-sm text-slate-600">Closed mappings can only be deleted by an administrator.</span>
          ) : null
        }
      />
    </>
  );
}
