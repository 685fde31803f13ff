"use client";

import { useRouter } from "next/navigation";
import { ExportButton } from "@/components/data-table/export-button";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { callV1 } from "@/lib/api/client";
import type { ActionResult } from "@/lib/actions/action";
import { signedIn } from "@/lib/auth/session-ended";
import type { TableState } from "@/lib/data-table/state";
import { deleteTexts } from "@/lib/forms/delete-texts";

/** A v1 call from the browser with a JSON body (the export's signed link). */
export const sendV1 = <T,>(name: string, body: unknown) =>
  callV1<T>(`/api/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/**
 * The toolbar and bulk actions of a staff-form list on the DataTable: exports (all or the filtered
 * list as CSV/XLSX, or 'Export N record(s)' of the selection) through the list call's export flag,
 * and the multi-select delete (a server action of lib/forms/list-actions.ts) with the spec's
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
  /** The delete (lib/forms/list-actions.ts); omitted: no delete. */
  deleteAction?: (input: { deleteArr: number[] }) => Promise<ActionResult<{ deleted: number[] }>>;
  /** What a record is called in the delete question ('RO Reversal Request'). */
  what: string;
  extraBody?: Record<string, unknown>;
}) {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();
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

  const remove = async (selected: string[], clear: () => void) => {
    if (!deleteAction) return;
    const yes = await confirm({
      title: texts.title,
      text: texts.text,
      confirmLabel: "Yes, delete it!",
      cancelLabel: "Cancel",
      danger: true,
    });
    if (!yes) {
      toast(texts.cancelled);
      return;
    }
    try {
      const res = await signedIn(deleteAction({ deleteArr: selected.map(Number) }));
      if (!res.ok) {
        toast.error(res.message);
        return;
      }
      toast.success(texts.done);
      clear();
      router.refresh();
    } catch {
      toast.error("Remote server can not be reachable");
    }
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
        <Button type="button" variant="danger" className="px-3 py-1" onClick={() => remove(selected, clear)}>
          {`Delete ${selected.length} record(s)`}
        </Button>
      )
    : undefined;

  return { toolbar, bulkActions, dialog };
}
