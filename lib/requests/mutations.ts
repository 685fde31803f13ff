import "server-only";
import { stampDueAt } from "@/lib/requests/targets";
import { createElement } from "react";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import { whenSaid } from "@/lib/dates/format";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import type { SessionUser } from "@/lib/auth/session";
import { AppError, forbidden } from "@/lib/errors";
import type { FormKey } from "@/lib/forms/form-keys";
import { ownRecordOr404 } from "@/lib/forms/submission";
import { renderMailHtml } from "@/lib/mail/render";
import { enqueueMails, type MailMessage } from "@/lib/mail/outbox";
import { publicOrigin } from "@/lib/http/forwarded";
import { writeAudit } from "@/lib/system/audit";
import { SubmissionMail } from "@/lib/mail/templates/submission-mail";
import { roleCan } from "@/lib/auth/roles";
import { claimUploads } from "@/lib/files/mutations";
import { keyFromClientPath } from "@/lib/files/links";
import { ONLY_REQUESTER_ANSWERS, ONLY_REQUESTER_WITHDRAWS, requireRequestDecider } from "./access";
import {
  COMMENT_REQUIRED,
  type BulkDecision,
  DECISION_LABELS,
  REQUESTER_DECISIONS,
  STATUS_LABELS,
  apiFormOf,
  nextStatus,
  workflowOf,
  type ApiForm,
  type Decision,
} from "./transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";
import { headColumns, recordPathOf, type RequestHead } from "./queries";
import { REQUEST_TABLES } from "@/lib/forms/registry-server";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const REQUIRED_COMMENT: Partial<Record<Decision, string>> = {
  deny: "A reason is required to deny a request.",
  decline: "A reason is required to decline a suggestion.",
  needs_info: "Say what information is needed.",
  answer: "An answer is required.",
};

export const WITHDRAW_DECIDED = "This request has been decided and can no longer be withdrawn.";
export const FILES_ONLY_WITH_ANSWER = "Photos and documents go with the requester's answer.";

export type DecideResult = {
  form: ApiForm;
  id: number;
  status: RequestStatus;
  previous_status: RequestStatus;
  decided_by: string;
  decided_at: string;
};

/**
 * Decides one request (or answers a request for information, or withdraws it): in one transaction with the
 * row locked, checks who may, the workflow's transition and the comment, then updates the status, writes the
 * timeline row and the audit row, and queues the mail to the requester (to the asker for an answer; none for
 * a withdrawal). An answer may bring `files` (temporary uploads of the requester, kind `request`): they are
 * claimed and linked to the request in the same transaction; a refused answer leaves them temporary, and
 * the unclaimed-upload sweep removes them (lib/files/sweep.ts).
 *
 * Two approvers at once: the second waits for the first's lock and then finds the status moved on; it
 * gets a 409 naming who decided and how (nothing is overwritten). `expected` (the status the caller saw)
 * makes any move since a 409 too.
 */
export async function decide(
  form: FormKey,
  id: number,
  decision: Decision,
  comment: string,
  actor: SessionUser,
  opts: {
    expected?: RequestStatus;
    requestId?: string | null;
    baseUrl?: string;
    db?: Db | Tx;
    /** Storage paths of uploads the requester sends with an answer. */
    files?: string[];
  } = {},
): Promise<DecideResult> {
  const requesterStep = REQUESTER_DECISIONS.has(decision);
  if (!requesterStep && !roleCan(actor.roleId, "decideRequests")) throw forbidden();
  const fileKeys = (opts.files ?? []).map(keyFromClientPath);
  if (fileKeys.length && decision !== "answer")
    throw new AppError(422, FILES_ONLY_WITH_ANSWER, { files: [FILES_ONLY_WITH_ANSWER] });
  const db = opts.db ?? (await getDb());
  const run = async (tx: Db | Tx) => {
    const t = REQUEST_TABLES[form];
    const [row] = (await tx
      .select(headColumns(form))
      .from(t)
      .where(eq(t.id, id))
      .for("update", { of: t })) as RequestHead[];
    ownRecordOr404(row, actor, "No such request.");
    if (requesterStep) {
      if (row.createdBy !== actor.id)
        throw new AppError(403, decision === "answer" ? ONLY_REQUESTER_ANSWERS : ONLY_REQUESTER_WITHDRAWS);
    } else {
      await requireRequestDecider(tx, actor, form, row);
    }
    const text = comment.trim();
    if (COMMENT_REQUIRED.has(decision) && !text)
      throw new AppError(422, REQUIRED_COMMENT[decision]!, { comment: [REQUIRED_COMMENT[decision]!] });
    const workflow = workflowOf(form);
    const to = opts.expected && opts.expected !== row.status ? null : nextStatus(workflow, row.status, decision);
    // Withdrawing what someone already decided (or that is withdrawn) says so, whatever the caller saw.
    if (!to && decision === "withdraw" && nextStatus(workflow, row.status, decision) === null)
      throw new AppError(409, WITHDRAW_DECIDED, { status: [row.status] });
    if (!to) await refuseTransition(tx, form, row, decision, opts.expected);
    const now = new Date();
    const isDecision = !requesterStep;
    await tx
      .update(t)
      .set({
        status: to!,
        statusChangedAt: now,
        // A decision is signed; the requester's answer hands the request back undecided (no 'Decided by/at'),
        // and a withdrawal closes it undecided.
        ...(isDecision ? { decidedBy: actor.id, decidedAt: now } : { decidedBy: null, decidedAt: null }),
      } as never)
      .where(and(eq(t.id, id), eq(t.status, row.status)));
    // Back with the approvers (the requester answered): the deadline runs again from now.
    if (to === "submitted") await stampDueAt(tx, form, id, now);
    const actorName = personNameOrUsernameOf(actor);
    await tx.insert(schema.requestEvents).values({
      formKey: form,
      recordId: id,
      decision,
      fromStatus: row.status,
      toStatus: to!,
      comment: text,
      actorId: actor.id,
      actorName,
      createdAt: now,
    });
    const attached = fileKeys.length
      ? await claimUploads({ keys: fileKeys, user: actor, kinds: ["request"], field: "files" }, tx as Tx)
      : [];
    if (attached.length)
      await tx
        .insert(schema.requestFiles)
        .values(attached.map((f) => ({ formKey: form, recordId: id, fileId: f.id, addedBy: actor.id })));
    await writeAudit(
      {
        actorId: actor.id,
        action: `request.${decision}`,
        entity: form,
        entityId: id,
        before: { status: row.status },
        after: { status: to, comment: text, ...(attached.length ? { files: attached.map((f) => f.id) } : {}) },
        requestId: opts.requestId,
      },
      tx as Tx,
    );
    if (decision !== "withdraw") await queueDecisionMail(tx, form, row, decision, to!, text, actorName, opts.baseUrl);
    return {
      form: apiFormOf(form),
      id,
      status: to!,
      previous_status: row.status,
      decided_by: actorName,
      decided_at: now.toISOString(),
    };
  };
  return opts.db ? run(opts.db) : db.transaction(run);
}

/**
 * Why a decision is not possible from the row's status. A 409 naming the status the request is in now when
 * it moved on since the caller looked: the status they saw (`expected`) no longer holds, or the last
 * change of status (the other approver's) came from where this decision would have gone. Else a 422.
 */
async function refuseTransition(
  tx: Db | Tx,
  form: FormKey,
  row: RequestHead,
  decision: Decision,
  expected?: RequestStatus,
): Promise<never> {
  const e = schema.requestEvents;
  const [last] = await tx
    .select({ actorName: e.actorName, fromStatus: e.fromStatus, toStatus: e.toStatus, createdAt: e.createdAt })
    .from(e)
    .where(and(eq(e.formKey, form), eq(e.recordId, row.id), ne(e.fromStatus, e.toStatus)))
    .orderBy(desc(e.id))
    .limit(1);
  const stale = expected !== undefined && expected !== row.status;
  if (stale || (last && nextStatus(workflowOf(form), last.fromStatus, decision) !== null)) {
    const now = STATUS_LABELS[row.status];
    const at = last?.createdAt.toISOString();
    throw new AppError(
      409,
      last
        ? `${last.actorName || "Someone"} already changed this request to ${now} ${whenSaid(last.createdAt, PORTAL_TIME_ZONE)}.`
        : `This request is ${now} now, not ${STATUS_LABELS[expected!]}.`,
      { status: [row.status], ...(last ? { decided_by: [last.actorName], decided_at: [at!] } : {}) },
    );
  }
  throw new AppError(
    422,
    `A request that is ${STATUS_LABELS[row.status]} cannot take '${DECISION_LABELS[decision]}'.`,
    { decision: ["This transition is not allowed."] },
  );
}

async function queueDecisionMail(
  tx: Db | Tx,
  form: FormKey,
  row: RequestHead,
  decision: Decision,
  to: RequestStatus,
  comment: string,
  actorName: string,
  baseUrl?: string,
) {
  // The requester is told of every decision; for an answer, the approver who asked is told.
  let recipientId = row.createdBy;
  if (decision === "answer") {
    const e = schema.requestEvents;
    const [asked] = await tx
      .select({ actorId: e.actorId })
      .from(e)
      .where(and(eq(e.formKey, form), eq(e.recordId, row.id), eq(e.decision, "needs_info")))
      .orderBy(desc(e.id))
      .limit(1);
    recipientId = asked?.actorId ?? null;
  }
  if (recipientId == null) return;
  const [recipient] = await tx
    .select({ email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.id, recipientId))
    .limit(1);
  if (!recipient?.email) return;
  // The link opens the record's page; deciding there is a POST (a server action), so a mail scanner's GET changes nothing.
  const link = new URL(recordPathOf(form, row.id), baseUrl ?? publicOrigin()).toString();
  const title = `${row.title} — ${STATUS_LABELS[to]}`;
  const intro =
    decision === "answer"
      ? `${actorName} answered your question.`
      : `${actorName} changed your request to ${STATUS_LABELS[to]}.`;
  const fields = [
    { label: "Status", value: STATUS_LABELS[to] },
    { label: decision === "answer" ? "Answered by" : "Decided by", value: actorName },
    ...(comment ? [{ label: "Comment", value: comment }] : []),
  ];
  const message: MailMessage = {
    to: recipient.email,
    subject: title,
    text: [intro, "", ...fields.map((f) => `${f.label}: ${f.value}`), "", `Open the record: ${link}`, ""].join("\n"),
    html: renderMailHtml(createElement(SubmissionMail, { title, intro, fields, link })),
  };
  await enqueueMails(tx, [message]);
}

/**
 * Decides many requests of one form with one comment (the lists' bulk Approve / Deny): each row in its
 * own savepoint, so one refused row (decided already, not the user's to decide) does not undo the rest.
 */
export async function decideMany(
  form: FormKey,
  ids: number[],
  decision: BulkDecision,
  comment: string,
  actor: SessionUser,
  opts: { requestId?: string | null; baseUrl?: string } = {},
) {
  if (!roleCan(actor.roleId, "decideRequests")) throw forbidden();
  if (COMMENT_REQUIRED.has(decision) && !comment.trim())
    throw new AppError(422, REQUIRED_COMMENT[decision]!, { comment: [REQUIRED_COMMENT[decision]!] });
  const db = await getDb();
  const done: number[] = [];
  const refused: { id: number; status: number; message: string }[] = [];
  await db.transaction(async (tx) => {
    for (const id of [...new Set(ids)]) {
      try {
        await tx.transaction(async (sp) => {
          await decide(form, id, decision, comment, actor, { ...opts, db: sp as unknown as Tx });
        });
        done.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.push({ id, status: err.status, message: err.message });
      }
    }
  });
  return { decided: done, refused };
}

/** Records that the user looked at 'My requests' now (the header's count starts again from zero). */
export async function markRequestsSeen(userId: number): Promise<void> {
  const db = await getDb();
  const now = new Date();
  await db
    .insert(schema.requestViews)
    .values({ userId, seenAt: now })
    .onConflictDoUpdate({ target: schema.requestViews.userId, set: { seenAt: now, updatedAt: now } });
}

export const ASSIGN_ONLY_UNROUTED = "Only a submission no mapping routed can be assigned.";
export const ASSIGNEE_NOT_APPROVER = "Assign an administrator or a manager.";

/**
 * Assigns an approver (a role 1 or 2 user) to a submission no mapping routed: they may then decide it.
 * Administrators only; a timeline row ('assign') and an audit row; the assignee is mailed the link.
 */
export async function assignRequest(
  form: FormKey,
  id: number,
  assigneeId: number,
  actor: SessionUser,
  opts: { requestId?: string | null; baseUrl?: string } = {},
) {
  if (!roleCan(actor.roleId, "assignRequests")) throw forbidden();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const t = REQUEST_TABLES[form];
    const [row] = (await tx
      .select(headColumns(form))
      .from(t)
      .where(eq(t.id, id))
      .for("update", { of: t })) as RequestHead[];
    if (!row) throw new AppError(404, "No such request.");
    if (row.routed) throw new AppError(422, ASSIGN_ONLY_UNROUTED);
    const u = schema.users;
    const [assignee] = await tx
      .select({
        id: u.id,
        roleId: u.roleId,
        email: u.email,
        first: u.firstName,
        last: u.lastName,
        username: u.username,
      })
      .from(u)
      .where(and(eq(u.id, assigneeId), eq(u.status, "active")))
      .limit(1);
    if (!assignee || !roleCan(assignee.roleId, "decideRequests"))
      throw new AppError(422, ASSIGNEE_NOT_APPROVER, { assignee_id: [ASSIGNEE_NOT_APPROVER] });
    const name = [assignee.first, assignee.last].filter(Boolean).join(" ") || assignee.username;
    await tx
      .update(t)
      .set({ assignedTo: assignee.id } as never)
      .where(eq(t.id, id));
    await tx.insert(schema.requestEvents).values({
      formKey: form,
      recordId: id,
      decision: "assign",
      fromStatus: row.status,
      toStatus: row.status,
      comment: `Assigned to ${name}`,
      actorId: actor.id,
      actorName: personNameOrUsernameOf(actor),
    });
    await writeAudit(
      {
        actorId: actor.id,
        action: "request.assign",
        entity: form,
        entityId: id,
        before: { assignedTo: row.assignedTo },
        after: { assignedTo: assignee.id },
        requestId: opts.requestId,
      },
      tx as Tx,
    );
    if (assignee.email) {
      const link = new URL(recordPathOf(form, id), opts.baseUrl ?? publicOrigin()).toString();
      await enqueueMails(tx, [
        {
          to: assignee.email,
          subject: `Assigned to you: ${row.title}`,
          text: `${personNameOrUsernameOf(actor)} assigned you a request to decide.\n\nOpen the record: ${link}\n`,
        },
      ]);
    }
    return { assigned_to: assignee.id, name };
  });
}
