"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/input";
import { toast } from "@/components/ui/toast";
import { Dropzone } from "@/components/dropzone/dropzone";
import { applyServerErrors } from "@/components/content/form-parts";
import { TextAreaField } from "@/components/ui/input";
import { callAction } from "@/lib/actions/client";
import { sendNotificationAction } from "@/lib/users/actions";
import { PEOPLE_MESSAGES, notificationSchema, type NotificationInput } from "@/lib/users/schemas";

const FIELDS = ["subject", "message", "attachmentPath"] as const;
const EMPTY: NotificationInput = { subject: "", message: "", attachmentPath: "" };

/**
 * 'Send e-mail notification': subject, message and an optional attachment, to the selected users
 * (`ids`) or, with none selected, to every user matching the list's filters. One mail per recipient.
 */
export function NotifyModal({
  open,
  ids,
  filters,
  total,
  onClose,
  onSent,
}: {
  open: boolean;
  ids: number[];
  filters: Record<string, string>;
  total: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const titleId = useId();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [dropKey, setDropKey] = useState(0);
  const form = useForm<NotificationInput>({ resolver: zodResolver(notificationSchema), defaultValues: EMPTY });
  const close = () => {
    form.reset(EMPTY);
    setDropKey((k) => k + 1);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    const res = await callAction(sendNotificationAction({ ...values, ids, filters }));
    setSaving(false);
    if (!res.ok) {
      applyServerErrors(form, res.fieldErrors, FIELDS);
      toast.error(res.message);
      return;
    }
    toast.success(res.message ?? PEOPLE_MESSAGES.emailSent);
    close();
    onSent();
  });
  const err = (name: (typeof FIELDS)[number]) => form.formState.errors[name]?.message;
  const to = ids.length ? `${ids.length} selected user(s)` : `all ${total} user(s) matching the current filters`;

  return (
    <Modal
      open={open}
      onCancel={close}
      labelledBy={titleId}
      className="w-[min(36rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        Send e-mail notification
      </h2>
      <p className="mb-4 text-sm text-slate-600">To {to}; each receives their own copy.</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="Subject" maxLength={190} error={err("subject")} {...form.register("subject")} />
        <TextAreaField label="Message" rows={6} error={err("message")} {...form.register("message")} />
        <Dropzone
          key={dropKey}
          kind="attachment"
          label="Attachment (optional)"
          onChange={(files) => form.setValue("attachmentPath", files[0]?.path ?? "")}
          onBusyChange={setUploading}
          error={err("attachmentPath")}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={saving || uploading}>
            Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}
