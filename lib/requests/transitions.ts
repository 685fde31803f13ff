/**
 * The staff requests' workflows (docs/features/requests.md): one pure transition table per workflow. Shared by the server
 * (lib/requests/mutations.ts decides with it) and the browser (the decision panel offers only what it allows).
 *
 * RO reversal, tech time and uniform request: submitted -> approved | denied (a reason) | needs_info;
 * needs_info -> submitted (the requester answers on the record); approved -> completed.
 * Suggestion: submitted -> under_review -> accepted | declined; accepted -> implemented.
 * The requester withdraws a request nobody has decided (submitted, needs_info, under_review) -> withdrawn.
 * Anything else (completed -> submitted, ...) is not a transition.
 */
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORMS } from "@/lib/forms/registry";

import { REQUEST_STATUSES, type RequestStatus } from "@/lib/forms/request-statuses";

/** What an approver may do; `answer` (the reply to 'Needs information') and `withdraw` are the requester's. */
export const DECISIONS = [
  "approve",
  "deny",
  "needs_info",
  "complete",
  "review",
  "accept",
  "decline",
  "implement",
  "answer",
  "withdraw",
] as const;
export type Decision = (typeof DECISIONS)[number];

export type Workflow = "approval" | "suggestion";

/**
 * The decisions a list takes on a selection with one comment: approve or deny requests; move suggestions
 * under review, accept or decline them. Each row still goes through its own transition.
 */
export const BULK_DECISIONS = {
  approval: ["approve", "deny"],
  suggestion: ["review", "accept", "decline"],
} as const satisfies Record<Workflow, readonly Decision[]>;
export type BulkDecision = (typeof BULK_DECISIONS)[Workflow][number];

/** The requester's own steps: answering a question, withdrawing a request nobody has decided. */
export const REQUESTER_DECISIONS: ReadonlySet<Decision> = new Set<Decision>(["answer", "withdraw"]);

type Table = Partial<Record<RequestStatus, Partial<Record<Decision, RequestStatus>>>>;

const APPROVAL: Table = {
  submitted: { approve: "approved", deny: "denied", needs_info: "needs_info", withdraw: "withdrawn" },
  needs_info: { answer: "submitted", withdraw: "withdrawn" },
  approved: { complete: "completed" },
};

const SUGGESTION: Table = {
  submitted: { review: "under_review", withdraw: "withdrawn" },
  under_review: { accept: "accepted", decline: "declined", withdraw: "withdrawn" },
  accepted: { implement: "implemented" },
};

export const TRANSITIONS: Record<Workflow, Table> = { approval: APPROVAL, suggestion: SUGGESTION };

/** A form's workflow (its registration in lib/forms/registry.ts). */
export const workflowOf = (form: FormKey): Workflow => STAFF_FORMS[form].workflow;

/** The status `decision` leads to from `from`, or null when the workflow has no such transition. */
export function nextStatus(workflow: Workflow, from: RequestStatus, decision: Decision): RequestStatus | null {
  return TRANSITIONS[workflow][from]?.[decision] ?? null;
}

/** The decisions possible from `from` (the panel's buttons), the requester's `answer` and `withdraw` included. */
export function decisionsFrom(workflow: Workflow, from: RequestStatus): Decision[] {
  return Object.keys(TRANSITIONS[workflow][from] ?? {}) as Decision[];
}

/** The decisions an approver may take from `from` (the inbox's buttons): decisionsFrom without the requester's own. */
export function approverDecisionsFrom(workflow: Workflow, from: RequestStatus): Decision[] {
  return decisionsFrom(workflow, from).filter((d) => !REQUESTER_DECISIONS.has(d));
}

/** Decisions that need a comment: a denial or decline gives a reason, a question and its answer are text. */
export const COMMENT_REQUIRED: ReadonlySet<Decision> = new Set<Decision>(["deny", "decline", "needs_info", "answer"]);

/** The statuses an approver has a decision in (the approvals inbox's Status filter), in REQUEST_STATUSES' order. */
export const INBOX_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.filter((s) =>
  Object.values(TRANSITIONS).some((table) =>
    Object.keys(table[s] ?? {}).some((d) => !REQUESTER_DECISIONS.has(d as Decision)),
  ),
);

/** A requester may edit their request only while nobody has decided it (submitted, or asked for information). */
export const EDITABLE_BY_REQUESTER: ReadonlySet<RequestStatus> = new Set<RequestStatus>(["submitted", "needs_info"]);

/** Statuses that wait for an approver (what 'Overdue' and the approvers' lists are about). */
export const OPEN_STATUSES: ReadonlySet<RequestStatus> = new Set<RequestStatus>(["submitted", "under_review"]);

export const STATUS_LABELS: Record<RequestStatus, string> = {
  submitted: "Submitted",
  needs_info: "Needs information",
  approved: "Approved",
  denied: "Denied",
  completed: "Completed",
  under_review: "Under review",
  accepted: "Accepted",
  declined: "Declined",
  implemented: "Implemented",
  withdrawn: "Withdrawn",
};

export const DECISION_LABELS: Record<Decision, string> = {
  approve: "Approve",
  deny: "Deny",
  needs_info: "Needs information",
  complete: "Mark completed",
  review: "Start review",
  accept: "Accept",
  decline: "Decline",
  implement: "Mark implemented",
  answer: "Answer",
  withdraw: "Withdraw",
};

/**
 * Timeline steps that are not decisions: the submission, an administrator's assignment of an approver, an
 * administrator's change of a decided request's content (before/after in the comment), and a move to
 * another location.
 */
export const RECORD_EVENT_LABELS = { submit: "Submitted", assign: "Assigned", edit: "Edited", move: "Moved" } as const;
export type RecordEvent = keyof typeof RECORD_EVENT_LABELS;

/**
 * A timeline step as it reads: the status it left and where it went ('Submitted → Approved'), the requester's
 * answer as 'Needs information → Answered'; the record's own events (submission, assignment, edit, move) by name.
 */
export function stepTitle(step: {
  decision: Decision | RecordEvent;
  from_status: RequestStatus | null;
  status: RequestStatus;
}): string {
  if (Object.hasOwn(RECORD_EVENT_LABELS, step.decision)) return RECORD_EVENT_LABELS[step.decision as RecordEvent];
  const to = step.decision === "answer" ? "Answered" : STATUS_LABELS[step.status];
  const from = step.from_status ? STATUS_LABELS[step.from_status] : DECISION_LABELS[step.decision as Decision];
  return `${from} → ${to}`;
}

/** The decisions whose comment stands while the request stays where they put it: a question, a reason. */
const STANDING_COMMENTS: Partial<Record<Decision, "question" | "reason">> = {
  needs_info: "question",
  deny: "reason",
  decline: "reason",
};

/**
 * What the requester must read where the request stands: the question of 'Needs information', the reason of a
 * denial or a decline (the last such step that led to the current status); null otherwise.
 */
export function standingComment<S extends { decision: Decision | RecordEvent; status: RequestStatus; comment: string }>(
  steps: readonly S[],
  status: RequestStatus,
): { kind: "question" | "reason"; step: S } | null {
  const step = steps.findLast((s) => s.status === status && Object.hasOwn(STANDING_COMMENTS, s.decision));
  const kind = step && STANDING_COMMENTS[step.decision as Decision];
  return step && kind && step.comment ? { kind, step } : null;
}

/** The API's `form` names (each form's `apiForm` in lib/forms/registry.ts) and the form keys they name. */
export const API_FORMS = Object.fromEntries(FORM_KEYS.map((key) => [STAFF_FORMS[key].apiForm, key])) as {
  [K in FormKey as (typeof STAFF_FORMS)[K]["apiForm"]]: K;
};
export type ApiForm = keyof typeof API_FORMS;
export const apiFormOf = (key: FormKey): ApiForm => STAFF_FORMS[key].apiForm;
