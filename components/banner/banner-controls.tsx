"use client";

import { useState, useTransition } from "react";
import { changeBannerStatusAction, deleteBannerAction } from "@/lib/files/banner-actions";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useBannerFlash } from "./banner-frame";
import { signedIn } from "@/lib/auth/session-ended";

type Props = { menuId: number; status: "active" | "inactive" };

/** Role 1's banner tools: show/hide (eye) and delete, each behind the spec's confirmation. */
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
      const result = await signedIn(which === "status" ? changeBannerStatusAction({ menuId }) : deleteBannerAction({ menuId }));
      setConfirm(null);
      flash(result.ok ? { kind: "success", title: result.message ?? "" } : { kind: "error", title: result.message });
    });
  }

  return (
    <>
      {status === "inactive" && (
        <span className="absolute top-2 left-2 rounded bg-slate-900/75 px-2 py-1 text-xs font-semibold tracking-wide text-white uppercase">Inactive</span>
      )}
      <div className="absolute top-2 right-2 flex gap-2">
        <button
          type="button"
          onClick={() => setConfirm("status")}
          aria-label={active ? "Hide banner (make inactive)" : "Show banner (make active)"}
          title={active ? "Make inactive" : "Make active"}
          className="rounded-full bg-white/90 p-2 text-slate-700 shadow hover:bg-white"
        >
          {active ? <EyeIcon /> : <EyeOffIcon />}
        </button>
        <button type="button" onClick={() => setConfirm("delete")} aria-label="Delete banner" title="Delete" className="rounded-full bg-white/90 p-2 text-red-600 shadow hover:bg-white">
          <TrashIcon />
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

function EyeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M2.04 12.32a1 1 0 010-.64C3.42 7.51 7.36 4.5 12 4.5s8.57 3 9.96 7.18a1 1 0 010 .64C20.58 16.49 16.64 19.5 12 19.5s-8.57-3-9.96-7.18z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M3.98 8.22A10.48 10.48 0 002.04 12.3c1.4 4.2 5.33 7.2 9.96 7.2 1.7 0 3.3-.4 4.72-1.12M6.23 6.23A10.45 10.45 0 0112 4.5c4.64 0 8.57 3 9.96 7.2a10.5 10.5 0 01-4.29 5.57M6.23 6.23L3 3m3.23 3.23l3.65 3.65m7.89 7.89L21 21m-3.23-3.23l-3.65-3.65a3 3 0 10-4.24-4.24m4.24 4.24L9.88 9.88" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M14.74 9l-.35 9m-4.78 0L9.26 9m9.97-3.21c.34.05.68.1 1.02.16m-1.02-.16L18.16 19.67A2.25 2.25 0 0115.92 21.75H8.08a2.25 2.25 0 01-2.24-2.08L4.77 5.79m14.46 0a48.1 48.1 0 00-3.48-.4m-12 .56c.34-.06.68-.11 1.02-.16m0 0a48.1 48.1 0 013.48-.4m7.5 0v-.92c0-1.18-.91-2.16-2.09-2.2a51.96 51.96 0 00-3.32 0c-1.18.04-2.09 1.02-2.09 2.2v.92m7.5 0a48.67 48.67 0 00-7.5 0" />
    </svg>
  );
}
