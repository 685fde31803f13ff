"use client";

import Link from "next/link";
import { useState } from "react";
import { EditIcon, PinIcon, TrashIcon } from "./icons";
import type { ItemActionRequest, ItemActionsDialog as DialogType } from "./item-actions-dialog";

// The confirmation, the server actions and the toasts load on the first click (a plain dynamic
// import): most visits never press these buttons, and the page's first load stays small.
let dialogModule: Promise<typeof DialogType> | null = null;
const loadDialog = () => (dialogModule ??= import("./item-actions-dialog").then((m) => m.ItemActionsDialog));

type Props = {
  kind: "discussion" | "attachment" | "save-the-date";
  id: number;
  slug: string;
  title: string;
  editHref: string;
  /** Current pin state; omit when Pin/Unpin is not offered (save-the-date, inside a group). */
  pinned?: boolean;
};

/** Role 1's Edit, Pin/Unpin and Delete on one list item, with the spec's confirmations and texts. */
export function ItemActions({ kind, id, slug, title, editHref, pinned }: Props) {
  const [request, setRequest] = useState<ItemActionRequest | null>(null);
  const [Dialog, setDialog] = useState<typeof DialogType | null>(null);
  const [pending, setPending] = useState(false);
  const ask = (r: ItemActionRequest) => {
    setRequest(r);
    loadDialog().then(
      (component) => setDialog(() => component),
      () => setRequest(null),
    );
  };
  const btn = "inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 disabled:opacity-50";
  return (
    <div className="flex shrink-0 items-center gap-1" aria-busy={pending || undefined}>
      <Link href={editHref} className={btn} aria-label={`Edit ${title}`} title="Edit">
        <EditIcon />
      </Link>
      {pinned !== undefined && kind !== "save-the-date" && (
        <button
          type="button"
          className={`${btn} ${pinned ? "text-brand-600" : ""}`}
          onClick={() => ask({ action: pinned ? "unpin" : "pin", kind, id, slug })}
          disabled={pending || request !== null}
          aria-label={`${pinned ? "Unpin" : "Pin"} ${title}`}
          title={pinned ? "Unpin" : "Pin"}
          aria-pressed={pinned}
        >
          <PinIcon />
        </button>
      )}
      <button
        type="button"
        className={`${btn} hover:text-red-600`}
        onClick={() => ask({ action: "delete", kind, id, slug })}
        disabled={pending || request !== null}
        aria-label={`Delete ${title}`}
        title="Delete"
      >
        <TrashIcon />
      </button>
      {request && Dialog && <Dialog request={request} onPending={setPending} onDone={() => setRequest(null)} />}
    </div>
  );
}
