"use server";

import { createAction } from "@/lib/actions/action";
import { requestBaseUrl } from "@/lib/forms/submission";
import { assignSchema, bulkDecideItemsSchema, decideSchema, requestTargetsSchema, withdrawSchema } from "./schemas";
import { saveRequestTargets } from "./targets";
import { assignRequest, decide, decideMany } from "./mutations";
import { API_FORMS, DECISION_LABELS, STATUS_LABELS, type ApiForm } from "./transitions";
import { FORM_LABELS } from "@/lib/forms/form-keys";
import { bulkOutcome, type BulkRefusal } from "./bulk-outcome";

/** The record page's decision panel (and the requester's answer): the same service as POST /api/v1/request/decide. */
export const decideRequestAction = createAction({}, decideSchema, async (input, user) => {
  const data = await decide(API_FORMS[input.form], input.id, input.decision, input.comment, user, {
    expected: input.expected_status,
    baseUrl: await requestBaseUrl(),
    files: input.files,
  });
  return {
    ok: true as const,
    data,
    message: `${DECISION_LABELS[input.decision]}: the request is now ${STATUS_LABELS[data.status]}.`,
  };
});

/**
 * A bulk decision with one comment on a selection that may span forms (a list's rows, the approvals inbox's): each
 * form's rows through decideMany; rows that cannot be decided are reported with why, not fatal.
 */
export const bulkDecideRequestsAction = createAction({}, bulkDecideItemsSchema, async (input, user) => {
  const baseUrl = await requestBaseUrl();
  const byForm = new Map<ApiForm, { form: ApiForm; id: number }[]>();
  for (const item of input.items) byForm.set(item.form, [...(byForm.get(item.form) ?? []), item]);
  const decided: { form: ApiForm; id: number }[] = [];
  const refused: (BulkRefusal & { form: ApiForm })[] = [];
  for (const [form, items] of byForm) {
    const res = await decideMany(
      API_FORMS[form],
      items.map((i) => i.id),
      input.decision,
      input.comment,
      user,
      { baseUrl },
    );
    decided.push(...res.decided.map((id) => ({ form, id })));
    refused.push(...res.refused.map((r) => ({ ...r, form })));
  }
  const label =
    byForm.size > 1 ? (r: { form: ApiForm; id: number }) => `${FORM_LABELS[API_FORMS[r.form]]} #${r.id}` : undefined;
  const outcome = bulkOutcome(
    input.decision,
    decided.map((d) => d.id),
    refused,
    label,
  );
  return {
    ok: true as const,
    data: { decided, refused: refused.map(({ form, id }) => ({ form, id })), lines: outcome.lines },
    message: outcome.summary,
  };
});

/** Administrators set each form's target time to decide (working days); open requests' due times follow. */
export const saveRequestTargetsAction = createAction(
  { capability: "manageBackOffice" },
  requestTargetsSchema,
  async (input, user) => {
    await saveRequestTargets(input, user);
    return { ok: true as const, data: input, message: "Deadlines saved." };
  },
);

/** Administrators assign an approver to a submission no mapping routed. */
export const assignRequestAction = createAction(
  { capability: "manageBackOffice" },
  assignSchema,
  async (input, user) => {
    const data = await assignRequest(API_FORMS[input.form], input.id, input.assignee_id, user, {
      baseUrl: await requestBaseUrl(),
    });
    return { ok: true as const, data, message: `Assigned to ${data.name}.` };
  },
);

/** The requester withdraws their own open request (asked first on the record page): POST /api/v1/request/withdraw. */
export const withdrawRequestAction = createAction({}, withdrawSchema, async (input, user) => {
  const data = await decide(API_FORMS[input.form], input.id, "withdraw", input.comment, user, {
    expected: input.expected_status,
  });
  return { ok: true as const, data, message: "The request is withdrawn." };
});
