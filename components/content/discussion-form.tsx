"use client";

import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Field } from "@/components/ui/input";
import { saveDiscussionAction } from "@/lib/content/actions";
import { discussionFormSchema, emptyDiscussion, type DiscussionFormValues } from "@/lib/content/schemas";
import { TITLE_MAX } from "@/lib/content/constants";
import { DocumentsField, FormButtons, FormCard, TextArea, useContentFormSave } from "./form-parts";
import { AudienceFields, type AudienceOptions } from "./audience-fields";

const FIELDS = [
  "title",
  "description",
  "documents",
  "audience",
  "publishAt",
  "expiresAt",
  "mustRead",
  "dueAt",
] as const;

/** DiscussionAddForm / DiscussionEditForm: Title, Description, Upload Document (20 files). */
export function DiscussionForm({
  initial,
  backHref,
  userName,
  options,
}: {
  initial: DiscussionFormValues;
  backHref: string;
  userName: string;
  options: AudienceOptions;
}) {
  const editing = initial.id != null;
  const form = useForm<DiscussionFormValues>({ resolver: zodResolver(discussionFormSchema), defaultValues: initial });
  const { errors } = form.formState;
  const { saving, busy, submit, upload } = useContentFormSave({
    form,
    save: saveDiscussionAction,
    fields: FIELDS,
    blank: () => emptyDiscussion(initial.slug),
    backHref,
  });

  return (
    <FormCard
      title={editing ? "Edit Post" : "Add New Post"}
      editing={editing}
      userName={userName}
      dirty={form.formState.isDirty}
    >
      <form onSubmit={submit("save")} noValidate className="space-y-5">
        <Field
          label="Title"
          required
          maxLength={TITLE_MAX}
          autoComplete="off"
          error={errors.title?.message}
          {...form.register("title")}
        />
        <TextArea label="Description" rows={8} error={errors.description?.message} {...form.register("description")} />
        <DocumentsField form={form} kind="post" upload={upload} />
        <AudienceFields
          control={form.control}
          errors={errors}
          options={options}
          mustRead
          wasMustRead={editing && !!initial.mustRead}
        />
        <FormButtons
          cancelHref={backHref}
          editing={editing}
          saveLabel={editing ? "Update Post" : "Save"}
          busy={busy}
          saving={saving}
          onSaveAndContinue={submit("continue")}
        />
      </form>
    </FormCard>
  );
}
