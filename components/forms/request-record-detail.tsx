import type { FormKey } from "@/lib/forms/form-keys";
import type { loadRequestPanel } from "@/lib/requests/queries";
import { DateText } from "@/components/content/date-text";
import { RecordDetail, type RecordDetailProps } from "@/components/forms/record-detail";
import { RequestPanel } from "@/components/requests/request-panel";
import { STAFF_FORMS, staffFormHref } from "@/lib/forms/registry";

/** A request form's record as its detail page shows it besides its own fields. */
export type RequestRecord = {
  form: FormKey;
  id: number;
  /** What the request is called (lib/forms/references.ts): the line under the form's name. */
  reference: string;
  updatedByName: string | null;
  updatedAt: Date;
  /** The request's status, timeline and decision (null: none). */
  panel: Awaited<ReturnType<typeof loadRequestPanel>>;
  /** Whom the viewer may assign the request to. */
  approvers: { id: number; name: string }[];
};

type Props = Pick<RecordDetailProps, "fields" | "repeated"> & {
  record: RequestRecord;
  /** Whether the viewer may open the form's list (the 'Back to list' link); default yes. */
  listed?: boolean;
};

/**
 * A request form's detail page: the record under the form's name and its reference, with 'Back to list' and,
 * for whoever may change it (its requester while open, administrators; never an approver), 'Edit', and just
 * after its form saved it 'Submit another'; its fields, then
 * who updated it when; then the request's status, timeline and decision panel.
 */
export function RequestRecordDetail({ record, listed = true, fields, ...detail }: Props) {
  const { form, id, panel, approvers } = record;
  return (
    <RecordDetail
      title={STAFF_FORMS[form].title}
      subtitle={record.reference}
      back={listed ? { href: staffFormHref(form, "list"), label: "Back to list" } : undefined}
      edit={
        STAFF_FORMS[form].editPage && panel?.mayEdit
          ? { href: staffFormHref(form, "edit", id), label: "Edit" }
          : undefined
      }
      addHref={staffFormHref(form, "add")}
      fields={[
        ...fields,
        { label: "Updated By", value: record.updatedByName },
        { label: "Updated At", value: <DateText date={record.updatedAt} kind="us" /> },
      ]}
      {...detail}
    >
      {panel && <RequestPanel panel={panel} approvers={approvers} />}
    </RecordDetail>
  );
}
