"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/components/ui/toast";
import { Field } from "@/components/ui/input";
import { saveDiscussionAction } from "@/lib/content/actions";
import { discussionFormSchema, TITLE_MAX, type DiscussionFormValues } from "@/lib/content/schemas";
import { Dropzone } from "@/components/dropzone";
import { applyServerErrors, FormButtons, FormCard, TextArea } from "./form-parts";
import { signedIn } from "@/lib/auth/session-ended";

const FIELDS = ["title", "description", "documents"] as const;

/** DiscussionAddForm / DiscussionEditForm: Title, Description, Upload Document (20 files). */
export function DiscussionForm({ initial, backHref, userName }: { initial: DiscussionFormValues; backHref: string; userName: string }) {
  const router = useRouter();
  const editing = initial.id != null;
  const [saving, setSaving] = useState<"save" | "continue" | null>(null);
  const [uploading, setUploading] = useState(false);
  // Save And Continue starts an empty form: a new key gives the dropzone a fresh, empty list.
  const [resetKey, setResetKey] = useState(0);
  const [initialFiles, setInitialFiles] = useState(initial.documents);
  const form = useForm<DiscussionFormValues>({ resolver: zodResolver(discussionFormSchema), defaultValues: initial });
  const { errors } = form.formState;

  const submit = (mode: "save" | "continue") =>
    form.handleSubmit(async (values) => {
      setSaving(mode);
      try {
        const res = await signedIn(saveDiscussionAction(values));
        if (!res.ok) {
          applyServerErrors(form, res.fieldErrors, FIELDS);
          toast.error(res.message);
          return;
        }
        toast.success(res.message ?? "Saved");
        if (mode === "continue") {
          form.reset({ slug: initial.slug, title: "", description: "", documents: [] });
          setInitialFiles([]);
          setResetKey((k) => k + 1);
        } else {
          router.push(backHref);
          router.refresh();
        }
      } catch {
        toast.error("Remote server can not be reachable");
      } finally {
        setSaving(null);
      }
    });

  return (
    <FormCard title={editing ? "Edit Post" : "Add New Post"} editing={editing} userName={userName}>
      <form onSubmit={submit("save")} noValidate className="space-y-5">
        <Field label="Title" maxLength={TITLE_MAX} autoComplete="off" error={errors.title?.message} {...form.register("title")} />
        <TextArea label="Description" rows={8} error={errors.description?.message} {...form.register("description")} />
        <Controller
          control={form.control}
          name="documents"
          render={({ field, fieldState }) => (
            <Dropzone
              key={resetKey}
              kind="post"
              label="Upload Document"
              initialFiles={initialFiles}
              onChange={(files) => {
                field.onChange(files.map((f) => ({ path: f.path, name: f.name, size: f.size, type: f.type })));
                if (files.length) form.clearErrors("documents");
              }}
              onBusyChange={setUploading}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormButtons
          cancelHref={backHref}
          editing={editing}
          saveLabel={editing ? "Update Post" : "Save"}
          busy={saving !== null || uploading}
          saving={saving}
          onSaveAndContinue={submit("continue")}
        />
      </form>
    </FormCard>
  );
}
