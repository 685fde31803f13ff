"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast";
import { callAction } from "@/lib/actions/client";
import { sendPasswordResetAction, setUserActiveAction } from "@/lib/users/actions";
import { DEACTIVATE_TEXT } from "@/lib/users/columns";

/**
 * Edit User's account buttons: Send password reset (a local account: the same one-time link as an
 * invitation) and Deactivate / Reactivate (reversible; Delete stays on the user list).
 */
export function AccountActions({
  id,
  name,
  active,
  ssoOnly,
}: {
  id: number;
  name: string;
  active: boolean;
  ssoOnly: boolean;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState<"reset" | "active" | null>(null);
  const [confirm, dialog] = useConfirm();

  const run = async (which: "reset" | "active", call: () => ReturnType<typeof sendPasswordResetAction>) => {
    setBusy(which);
    const res = await callAction(call());
    setBusy(null);
    if (!res.ok) return toast.error(res.message);
    toast.success(res.message ?? "Done.");
    router.refresh();
  };

  const toggle = async () => {
    if (
      active &&
      !(await confirm({
        title: `Deactivate ${name}?`,
        text: DEACTIVATE_TEXT,
        confirmLabel: "Deactivate",
        cancelLabel: "Cancel",
        danger: true,
      }))
    )
      return;
    await run("active", () => setUserActiveAction({ id, active: !active }));
  };

  return (
    <section aria-label="Account" className="card flex flex-col gap-3 sm:flex-row sm:items-center sm:p-6">
      <p className="flex-1 text-sm text-slate-700">
        {active ? "The account is active." : "The account is deactivated: it cannot sign in."}
        {ssoOnly && " It signs in through the single sign-on."}
      </p>
      {!ssoOnly && active && (
        <Button
          type="button"
          variant="secondary"
          loading={busy === "reset"}
          disabled={busy !== null}
          onClick={() => run("reset", () => sendPasswordResetAction({ id }))}
        >
          Send password reset
        </Button>
      )}
      <Button
        type="button"
        variant={active ? "danger" : "secondary"}
        loading={busy === "active"}
        disabled={busy !== null}
        onClick={toggle}
      >
        {active ? "Deactivate" : "Reactivate"}
      </Button>
      {dialog}
    </section>
  );
}
