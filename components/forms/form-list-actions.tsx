"use client";

import { useRouter } from "next/navigation";
import { ExportButton } from "@/components/data-table/export-button";
import { sendV1 } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { useBulkDelete } from "@/components/data-table/bulk-delete";
import type { ActionResult } from "@/lib/actions/action";
import type { TableState } from "@/lib/data-table/state";
import { deleteTexts } from "@/lib/forms/delete-texts";

/**
 * The toolbar and bulk actions of a staff-form list on the DataTable: exports (all or the filtered
 * list as CSV/XLSX, or 'Export N record(s)' of the selection) through the list call's export flag,
 * and the multi-select delete (the form's listDeleteAction, lib/data-table/delete-action.ts) with the old portal's
 * confirmation texts. Failures show the server's message.
 */
export function useFormListActions({
  state,
  listCall,
  deleteAction,
  what,
  extraBody,
}: {
  state: TableState;
  /** The v1 list call ('ro-reversal-request/list'). */
  listCall: string;
  /** The delete (the form's listDeleteAction); omitted: no delete. */
  deleteAction?: (input: { deleteArr: number[] }) => Promise<ActionResult<{ deleted: number[] }>>;
  /** What a record is called in the delete question ('RO Reversal Request'). */
  what: string;
  extraBody?: Record<string, unknown>;
}) {
  const router = useRouter();
  const { remove: bulkDelete, dialog } = useBulkDelete();
  const texts = deleteTexts(what);

  const exportLink = (format: "csv" | "xlsx", selected: string[]) => async () => {
    const content = await sendV1<{ web: string }>(listCall, {
      ...extraBody,
      filters: state.filters,
      sort: { field: state.sort.id, type: state.sort.desc ? "desc" : "asc" },
      is_export: format,
      ...(selected.length ? { ids: selected.map(Number) } : {}),
    });
    return content.web;
  };

  const toolbar = (selected: string[]) => {
    const n = selected.length;
    const label = (f: string) => (n ? `Export ${n} record(s) (${f})` : `Export ${f}`);
    return (
      <>
        <ExportButton label={label("CSV")} getLink={exportLink("csv", selected)} onDone={() => router.refresh()} />
        <ExportButton label={label("XLSX")} getLink={exportLink("xlsx", selected)} onDone={() => router.refresh()} />
      </>
    );
  };

  const bulkActions = deleteAction
    ? (selected: string[], clear: () => void) => (
        <Button
          type="button"
          variant="danger"
          className="px-3 py-1"
          onClick={() => bulkDelete(texts, () => deleteAction({ deleteArr: selected.map(Number) }), clear)}
        >
          {`Delete ${selected.length} record(s)`}
        </Button>
      )
    : undefined;

  return { toolbar, bulkActions, dialog };
}
