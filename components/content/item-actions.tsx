"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import { deleteContentAction, deleteSaveTheDateAction, setPinAction } from "@/lib/content/actions";
import { useConfirm } from "./confirm-dialog";
import { EditIcon, PinIcon, TrashIcon } from "./icons";

type Props = {
  kind: "discussion" | "attachment" | "save-the-date";
  id: number;
  slug: string;
  title: string;
  editHref: string;
  /** Current pin state; omit when Pin/Unpin is not offered (save-the-date, inside a group). */
  pinned?: boolean;
};

const TYPE_LABEL = { discussion: "Discussion", attachment: "Attachment", "save-the-date": "Date" } as const;

/** Role 1's Edit, Pin/Unpin and Delete on one list item, with the spec's confirmations and texts. */
export function ItemActions({ kind, id, slug, title, editHref, pinned }: Props) {
  const router = useRouter();
  const [confirm, dialog] = useConfirm();
  const [pending, start] = useTransition();
  const type = TYPE_LABEL[kind];

  const cancelled = () => toast("Cancelled", { description: "Your record still intact" });

  const onPin = async () => {
    if (kind === "save-the-date" || pinned === undefined) return;
    const action = pinned ? "Unpin" : "Pin";
    const yes = await confirm({ title: "Are you sure?", text: `You want to ${action} ${type} ?`, confirmLabel: "Yes Change it!", cancelLabel: "No, Keep it!" });
    if (!yes) return cancelled();
    start(async () => {
      const res = await setPinAction({ kind, id, pin: !pinned, slug });
      if (res.ok) {
        toast.success(res.message ?? `${type} ${action} successfully`);
        router.refresh();
      } else toast.error(res.message);
    });
  };

  const onDelete = async () => {
    const yes = await confirm({ title: "Are you sure?", text: "You can't revert your action", confirmLabel: "Yes Delete it!", cancelLabel: "No, Keep it!", danger: true });
    if (!yes) return cancelled();
    start(async () => {
      const res = kind === "save-the-date" ? await deleteSaveTheDateAction({ id, slug }) : await deleteContentAction({ kind, id, slug });
      if (res.ok) {
        if (kind === "save-the-date") toast.success("Deleted", { description: res.message ?? "You successfully deleted the record(s)." });
        else toast.success(res.message ?? `${type} Delete successfully`);
        router.refresh();
      } else toast.error(res.message);
    });
  };

  const btn = "inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-50";
  return (
    <div className="flex shrink-0 items-center gap-1" aria-busy={pending || undefined}>
      <Link href={editHref} className={btn} aria-label={`Edit ${title}`} title="Edit">
        <EditIcon />
      </Link>
      {pinned !== undefined && (
        <button type="button" className={`${btn} ${pinned ? "text-brand-600" : ""}`} onClick={onPin} disabled={pending} aria-label={`${pinned ? "Unpin" : "Pin"} ${title}`} title={pinned ? "Unpin" : "Pin"} aria-pressed={pinned}>
          <PinIcon />
        </button>
      )}
      <button type="button" className={`${btn} hover:text-red-600`} onClick={onDelete} disabled={pending} aria-label={`Delete ${title}`} title="Delete">
        <TrashIcon />
      </button>
      {dialog}
    </div>
  );
}
