"use server";

import { createAction } from "@/lib/actions/action";
import { requestBaseUrl } from "@/lib/forms/submission";
import { assignSchema, bulkDecideSchema, decideSchema, requestTargetsSchema } from "./schemas";
import { saveRequestTargets } from "./targets";
import { assignRequest, decide, decideMany } from "./mutations";
import { API_FORMS, DECISION_LABELS, STATUS_LABELS } from "./transitions";

/** The record page's decision panel (and the requester's answer): the same service as POST /api/v1/request/decide. */
export const decideRequestAction = createAction({}, decideSchema, async (input, user) => {
  const data = await decide(API_FORMS[input.form], input.id, input.decision, input.comment, user, {
    expected: input.expected_status,
    baseUrl: await requestBaseUrl(),
  });
  return {
    ok: true as const,
    data,
    message: `${DECISION_LABELS[input.decision]}: the request is now ${STATUS_LABELS[data.status]}.`,
  };
});

/** The lists' bulk Approve / Deny with one comment; rows that cannot be decided are reported, not fatal. */
export const bulkDecideRequestsAction = createAction({}, bulkDecideSchema, async (input, user) => {
  const data = await decideMany(API_FORMS[input.form], input.ids, input.decision, input.comment, user, {
    baseUrl: await requestBaseUrl(),
  });
  return {
    ok: true as const,
    data,
    message: `${data.decided.length} decided${data.refused.length ? `, ${data.refused.length} not decided` : ""}.`,
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
