"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";
import { deleteContentAction, deleteSaveTheDateAction, setPinAction } from "@/lib/content/actions";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { callAction } from "@/lib/actions/client";

export type ItemActionRequest = {
  action: "pin" | "unpin" | "delete";
  kind: "discussion" | "attachment" | "save-the-date";
  id: number;
  slug: string;
};

const TYPE_LABEL = { discussion: "Discussion", attachment: "Attachment", "save-the-date": "Date" } as const;

/**
 * Runs one Pin/Unpin/Delete request: the old portal's confirmation ('Are you sure?'), the server action,
 * the success or failure toast ('Cancelled' / 'Your record still intact' when declined), a refresh.
 */
export function ItemActionsDialog({
  request,
  onPending,
  onDone,
}: {
  request: ItemActionRequest;
  onPending: (p: boolean) => void;
  onDone: () => void;
}) {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const { action, kind, id, slug } = request;
    const type = TYPE_LABEL[kind];
    void (async () => {
      try {
        const yes =
          action === "delete"
            ? await confirm({
                title: "Are you sure?",
                text: "You can't revert your action",
                confirmLabel: "Yes Delete it!",
                cancelLabel: "No, Keep it!",
                danger: true,
              })
            : await confirm({
                title: "Are you sure?",
                text: `You want to ${action === "pin" ? "Pin" : "Unpin"} ${type} ?`,
                confirmLabel: "Yes Change it!",
                cancelLabel: "No, Keep it!",
              });
        if (!yes) {
          toast("Cancelled", { description: "Your record still intact" });
          return;
        }
        onPending(true);
        if (action === "delete") {
          const res = await callAction(
            kind === "save-the-date" ? deleteSaveTheDateAction({ id, slug }) : deleteContentAction({ kind, id, slug }),
          );
          if (!res.ok) toast.error(res.message);
          else if (kind === "save-the-date")
            toast.success("Deleted", { description: res.message ?? "You successfully deleted the record(s)." });
          else toast.success(res.message ?? `${type} Delete successfully`);
          if (res.ok) router.refresh();
        } else if (kind !== "save-the-date") {
          const res = await callAction(setPinAction({ kind, id, pin: action === "pin", slug }));
          if (res.ok) {
            toast.success(res.message ?? `${type} ${action === "pin" ? "Pin" : "Unpin"} successfully`);
            router.refresh();
          } else toast.error(res.message);
        }
      } finally {
        onPending(false);
        onDone();
      }
    })();
  }, [request, confirm, onPending, onDone, router]);

  return <>{dialog}</>;
}
