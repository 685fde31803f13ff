"use client";

import Link from "next/link";
import { useId } from "react";
import { useRouter } from "next/navigation";
import { DataTable, type DataTableColumn } from "@/components/data-table/data-table";
import { useFormListActions } from "@/components/forms/form-list-actions";
import { DateText } from "@/components/content/date-text";
import { tableHref, type TableState } from "@/lib/data-table/state";
import { MAPPER_DEFAULT_SORT, mapperLabel, mayChangeMapping, type MappingRow } from "@/lib/forms/email-manager/columns";

const PATH = "/form/email/manager/list";

/** One address a line (spec: To and CC render with line breaks). */
const Lines = ({ list }: { list: string[] }) => (
  <ul>
    {list.map((a) => (
      <li key={a} className="break-all">
        {a}
      </li>
    ))}
  </ul>
);

/** The 'Request Options' picker and the mappings of the chosen form on the shared DataTable. */
export function MappingTable({ state, rows, total, roleId, forms }: { state: TableState; rows: MappingRow[]; total: number; roleId: number; forms: { value: number; text: string }[] }) {
  const router = useRouter();
  const pickerId = useId();
  const formId = state.filters.form ?? "1";
  const { toolbar, bulkActions, dialog } = useFormListActions({ state, listCall: "form/mapper/list", deleteCall: "form/mapper/delete", what: "Form Email Mapper", extraBody: { formType: Number(formId) } });
  const columns: DataTableColumn<MappingRow>[] = [
    { id: "location", header: mapperLabel("location"), sortable: true, cell: (r) => r.locationName },
    { id: "to_email", header: mapperLabel("to_email"), sortable: true, filter: { kind: "text" }, cell: (r) => <Lines list={r.toEmails} /> },
    { id: "cc_email", header: mapperLabel("cc_email"), sortable: true, filter: { kind: "text" }, cell: (r) => <Lines list={r.ccEmails} /> },
    { id: "status", header: mapperLabel("status"), sortable: true, cell: (r) => r.status },
    { id: "updated_by", header: mapperLabel("updated_by"), sortable: true, cell: (r) => r.updatedByName ?? "" },
    { id: "updated_at", header: mapperLabel("updated_at"), sortable: true, cell: (r) => <DateText date={new Date(r.updatedAt)} kind="us" /> },
    {
      id: "actions",
      header: "Actions",
      cell: (r) =>
        mayChangeMapping(r, roleId) ? (
          <Link href={`/form/email/manager/edit/${r.id}`} prefetch={false} className="text-brand-700 hover:underline" aria-label={`Edit the mapping of ${r.locationName}`}>
            Edit
          </Link>
        ) : null,
    },
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
          onChange={(e) => router.push(tableHref(PATH, state, { defaultSort: MAPPER_DEFAULT_SORT }, { page: 1, filters: { ...state.filters, form: e.target.value } }))}
        >
          {forms.map((f) => (
            <option key={f.value} value={String(f.value)}>
              {f.text}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        path={PATH}
        title="Form Email Mappings"
        state={state}
        defaultSort={MAPPER_DEFAULT_SORT}
        rows={rows}
        total={total}
        columns={columns}
        rowId={(r) => String(r.id)}
        rowLabel={(r) => r.locationName}
        bulkActions={(selected, clear) => {
          // Closed rows can only be deleted by an administrator (the server checks it too).
          const blocked = rows.some((r) => selected.includes(String(r.id)) && !mayChangeMapping(r, roleId));
          return blocked ? <span className="text-sm text-slate-600">Closed mappings can only be deleted by an administrator.</span> : bulkActions?.(selected, clear);
        }}
        toolbar={toolbar}
      />
      {dialog}
    </>
  );
}
