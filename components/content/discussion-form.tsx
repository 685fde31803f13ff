"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { saveDiscussionAction } from "@/lib/content/actions";
import { discussionFormSchema, emptyDiscussion, type DiscussionFormValues } from "@/lib/content/schemas";
import { ContentFormFrame, DocumentsField, useContentForm } from "./form-parts";
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
  const state = useContentForm({
    initial,
    resolver: zodResolver(discussionFormSchema),
    save: saveDiscussionAction,
    fields: FIELDS,
    blank: () => emptyDiscussion(initial.slug),
    backHref,
  });
  const { form, editing } = state;
  return (
    <ContentFormFrame
      state={state}
      noun="Post"
      userName={userName}
      backHref={backHref}
      descriptionRows={8}
      saveLabel={editing ? "Update Post" : "Save"}
    >
      <DocumentsField form={form} kind="post" upload={state.upload} />
      <AudienceFields
        control={form.control}
        errors={form.formState.errors}
        options={options}
        mustRead
        wasMustRead={editing && !!initial.mustRead}
      />
    </ContentFormFrame>
  );
}
