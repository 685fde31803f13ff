"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { applyServerErrors } from "@/components/content/form-parts";
import { callAction } from "@/lib/actions/client";
import { changePasswordAction } from "@/lib/users/actions";
import { PEOPLE_MESSAGES, changePasswordSchema, type ChangePasswordInput } from "@/lib/users/schemas";

const FIELDS = ["oldPassword", "newPassword", "confirmpassword"] as const;
const EMPTY: ChangePasswordInput = { oldPassword: "", newPassword: "", confirmpassword: "" };

/**
 * Change Password: old, new (6 or more) and confirmation, with the old portal's messages; the server's
 * messages are listed when it refuses. An account without a password here (SSO only) is told to
 * change it at the SSO instead.
 */
export function ChangePasswordModal({
  open,
  hasPassword,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const form = useForm<ChangePasswordInput>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const close = () => {
    form.reset(EMPTY);
    setServerErrors([]);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    setServerErrors([]);
    const res = await callAction(changePasswordAction(values));
    setSaving(false);
    if (!res.ok) {
      applyServerErrors(form, res.fieldErrors, FIELDS);
      setServerErrors([...new Set([res.message, ...Object.values(res.fieldErrors ?? {}).flat()])]);
      return;
    }
    toast.success(res.message ?? PEOPLE_MESSAGES.passwordChanged);
    close();
  });
  const err = (name: (typeof FIELDS)[number]) => form.formState.errors[name]?.message;

  return (
    <Modal
      open={open}
      onCancel={close}
      labelledBy={titleId}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
        Change Password
      </h2>
      {!hasPassword ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{PEOPLE_MESSAGES.ssoOnly}</p>
          <div className="flex justify-end">
            <Button type="button" onClick={close}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {serverErrors.length > 0 && (
            <ul
              role="alert"
              className="list-inside list-disc rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
            >
              {serverErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          <Field
            label="Old Password"
            type="password"
            autoComplete="current-password"
            error={err("oldPassword")}
            {...form.register("oldPassword")}
          />
          <Field
            label="New Password"
            type="password"
            autoComplete="new-password"
            error={err("newPassword")}
            {...form.register("newPassword")}
          />
          <Field
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            error={err("confirmpassword")}
            {...form.register("confirmpassword")}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={saving}>
              Change Password
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
