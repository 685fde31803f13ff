"use client";

import { Controller } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { saveAttachmentAction } from "@/lib/content/actions";
import { attachmentFormSchema, type AttachmentFormValues } from "@/lib/content/schemas";
import { URL_MAX, UPLOAD_TYPES, type UploadType } from "@/lib/content/constants";
import { ContentFormFrame, DocumentsField, useContentForm } from "./form-parts";
import { AudienceFields, type AudienceOptions } from "./audience-fields";

const FIELDS = ["title", "uploadType", "url", "groupId", "documents", "audience", "publishAt", "expiresAt"] as const;

/**
 * AttachmentAddForm / AttachmentEditForm: Title, Document/Link (offered when the menu allows both),
 * Group, then the upload (one file) or the Link field.
 */
export function AttachmentForm({
  initial,
  allowed,
  groups,
  backHref,
  userName,
  options,
}: {
  options: AudienceOptions;
  initial: AttachmentFormValues;
  allowed: UploadType[];
  groups: { id: number; name: string }[];
  backHref: string;
  userName: string;
}) {
  const state = useContentForm({
    initial,
    resolver: zodResolver(attachmentFormSchema),
    save: saveAttachmentAction,
    fields: FIELDS,
    blank: () => ({ ...initial, id: undefined, title: "", url: "", documents: [] }),
    backHref,
  });
  const { form } = state;
  const { errors } = form.formState;
  const uploadType = form.watch("uploadType");

  return (
    <ContentFormFrame state={state} noun="Attachment" userName={userName} backHref={backHref}>
      {allowed.length > 1 && (
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Type</legend>
          <div className="flex gap-6">
            {UPLOAD_TYPES.map((t) => (
              <label key={t} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" value={t} {...form.register("uploadType")} className="h-4 w-4 accent-brand-600" />
                {t === "file" ? "Document" : "Link"}
              </label>
            ))}
          </div>
          {errors.uploadType && <p className="mt-1 text-sm text-red-600">{errors.uploadType.message}</p>}
        </fieldset>
      )}
      <div>
        <label htmlFor="attachment-group" className="mb-1 block text-sm font-medium text-slate-700">
          Group
        </label>
        <Controller
          control={form.control}
          name="groupId"
          render={({ field }) => (
            <select
              id="attachment-group"
              value={field.value ?? ""}
              onChange={(e) => field.onChange(e.target.value ? Number(e.target.value) : null)}
              aria-invalid={errors.groupId ? true : undefined}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none"
            >
              <option value="">No group</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          )}
        />
        {errors.groupId && <p className="mt-1 text-sm text-red-600">{errors.groupId.message}</p>}
      </div>
      {uploadType === "url" ? (
        <Field
          label="Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={URL_MAX}
          error={errors.url?.message}
          {...form.register("url")}
        />
      ) : (
        <DocumentsField form={form} kind="attachment" upload={state.upload} />
      )}
      <AudienceFields control={form.control} errors={errors} options={options} />
    </ContentFormFrame>
  );
}
