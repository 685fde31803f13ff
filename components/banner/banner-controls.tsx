"use client";

import { useState, useTransition } from "react";
import { changeBannerStatusAction, deleteBannerAction } from "@/lib/files/banners/actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Icon } from "@/components/ui/icon";
import { useBannerFlash } from "./banner-frame";
import { callAction } from "@/lib/actions/client";

type Props = { menuId: number; status: "active" | "inactive" };

/** Role 1's banner tools: show/hide (eye) and delete, each behind the old portal's confirmation. */
export function BannerControls({ menuId, status }: Props) {
  const [confirm, setConfirm] = useState<null | "status" | "delete">(null);
  const [pending, startTransition] = useTransition();
  const flash = useBannerFlash();
  const active = status === "active";
  const action = active ? "deactivate" : "activate";

  function cancel() {
    setConfirm(null);
    flash({ kind: "info", title: "Cancelled", text: "Your record still intact" });
  }

  function run(which: "status" | "delete") {
    startTransition(async () => {
      const result = await callAction(
        which === "status" ? changeBannerStatusAction({ menuId }) : deleteBannerAction({ menuId }),
      );
      setConfirm(null);
      flash(result.ok ? { kind: "success", title: result.message ?? "" } : { kind: "error", title: result.message });
    });
  }

  return (
    <>
      {status === "inactive" && (
        <span className="absolute top-2 left-2 rounded bg-slate-900/75 px-2 py-1 text-xs font-semibold tracking-wide text-white uppercase">
          Inactive
        </span>
      )}
      <div className="absolute top-2 right-2 flex gap-2">
        <button
          type="button"
          onClick={() => setConfirm("status")}
          aria-label={active ? "Hide banner (make inactive)" : "Show banner (make active)"}
          title={active ? "Make inactive" : "Make active"}
          className="rounded-full bg-white/90 p-2 text-slate-700 shadow hover:bg-white"
        >
          {active ? <Icon name="eye" className="h-5 w-5" /> : <Icon name="eye-off" className="h-5 w-5" />}
        </button>
        <button
          type="button"
          onClick={() => setConfirm("delete")}
          aria-label="Delete banner"
          title="Delete"
          className="rounded-full bg-white/90 p-2 text-red-600 shadow hover:bg-white"
        >
          <Icon name="trash-can" className="h-5 w-5" />
        </button>
      </div>
      <ConfirmDialog
        open={confirm === "status"}
        title="Are you sure?"
        text={`You want to ${action} banner ?`}
        confirmLabel="Yes Change it!"
        cancelLabel="No, Keep it!"
        busy={pending}
        onConfirm={() => run("status")}
        onCancel={cancel}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        title="Are you sure?"
        text="You can't revert your action"
        confirmLabel="Yes Delete it!"
        cancelLabel="No, Keep it!"
        danger
        busy={pending}
        onConfirm={() => run("delete")}
        onCancel={cancel}
      />
    </>
  );
}
