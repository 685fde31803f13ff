"use client";

import { useRouter } from "next/navigation";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/action";
import { callAction } from "@/lib/actions/client";

/**
 * A bulk delete's question, and its toasts when it is cancelled and when it is done (none: the server's
 * message); `confirmLabel` names another bulk change that asks the same way (Deactivate).
 */
export type BulkDeleteTexts = { title: string; text: string; cancelled: string; done?: string; confirmLabel?: string };

/**
 * A list's bulk delete: `remove(texts, run, clear)` asks (the danger confirm dialog, 'Yes, delete it!'
 * or 'Cancel'), runs the delete action, and tells how it went in a toast; after a delete the selection
 * clears and the page refreshes. A failure shows the server's message (callAction: 'Remote server can
 * not be reachable' when the action could not be posted). Render `dialog` once.
 */
export function useBulkDelete() {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();
  const remove = async (texts: BulkDeleteTexts, run: () => Promise<ActionResult<unknown>>, clear: () => void) => {
    const yes = await confirm({
      title: texts.title,
      text: texts.text,
      confirmLabel: texts.confirmLabel ?? "Yes, delete it!",
      cancelLabel: "Cancel",
      danger: true,
    });
    if (!yes) {
      toast(texts.cancelled);
      return;
    }
    const res = await callAction(run());
    if (!res.ok) {
      toast.error(res.message);
      return;
    }
    toast.success(texts.done ?? res.message ?? "Done.");
    clear();
    router.refresh();
  };
  return { remove, dialog };
}
