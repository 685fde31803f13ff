import "server-only";
import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { SessionUser } from "@/lib/auth/session";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { REQUEST_TABLES, STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { ownRecordOr404 } from "@/lib/forms/submission";
import { roleCan } from "@/lib/auth/roles";
import { approverScope, decidableWhere, requireRequestDecider, type ApproverScope } from "./access";
import { editRefusal } from "./edit-rules";
import {
  API_FORMS,
  OPEN_STATUSES,
  apiFormOf,
  decisionsFrom,
  workflowOf,
  type ApiForm,
  type Decision,
  type RecordEvent,
} from "./transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";
import type { ApprovalsQuery, MyRequestsQuery } from "./schemas";
import { personName, personNameOrUsername } from "@/lib/users/display-name";

/** The reads of requests: the staff forms' tables, timelines, 'My requests', its header count, the decision panel. */

const iso = (d: Date | string) => new Date(d).toISOString();

export const recordPathOf = (form: FormKey, id: number) => staffFormHref(form, "view", id);

export type RequestHead = {
  id: number;
  createdBy: number | null;
  locationId: number | null;
  status: RequestStatus;
  title: string;
  createdAt: Date;
  assignedTo: number | null;
  routed: boolean;
};

export function headColumns(form: FormKey) {
  const t = REQUEST_TABLES[form];
  return {
    id: t.id,
    createdBy: t.createdBy,
    locationId: t.locationId,
    status: t.status,
    title: STAFF_FORM_REGISTRATIONS[form].requestTitle,
    createdAt: t.createdAt,
    assignedTo: t.assignedTo,
    routed: t.routed,
  };
}

export type TimelineStep = {
  decision: Decision | RecordEvent;
  from_status: RequestStatus | null;
  status: RequestStatus;
  by: string;
  at: string;
  comment: string;
};

/**
 * A request's timeline, oldest first: the submission, then every decision and answer. Only for those
 * who may see the record (its requester, roles 1 and 2); anyone else gets the 404 of an unknown id.
 */
export async function getTimeline(
  form: FormKey,
  id: number,
  user: SessionUser,
): Promise<{ status: RequestStatus; steps: TimelineStep[] }> {
  const db = await getDb();
  const t = REQUEST_TABLES[form];
  const creator = schema.users;
  const [row] = await db
    .select({
      ...headColumns(form),
      creatorName: sql<string>`coalesce(${personNameOrUsername(creator)}, '')`,
    })
    .from(t)
    .leftJoin(creator, eq(creator.id, t.createdBy))
    .where(eq(t.id, id))
    .limit(1);
  ownRecordOr404(row, user, "No such request.");
  const e = schema.requestEvents;
  const events = await db
    .select()
    .from(e)
    .where(and(eq(e.formKey, form), eq(e.recordId, id)))
    .orderBy(e.id);
  return {
    status: row.status,
    steps: [
      {
        decision: "submit",
        from_status: null,
        status: "submitted",
        by: row.creatorName,
        at: row.createdAt.toISOString(),
        comment: "",
      },
      ...events.map((x) => ({
        decision: x.decision as Decision | RecordEvent,
        from_status: x.fromStatus,
        status: x.toStatus,
        by: x.actorName,
        at: x.createdAt.toISOString(),
        comment: x.comment,
      })),
    ],
  };
}

export type MyRequestRow = {
  form: ApiForm;
  id: number;
  title: string;
  status: RequestStatus;
  changed_at: string;
  submitted_at: string;
  path: string;
};

/**
 * The user's own submissions of every staff form, the latest status change first: each form's rows come
 * from its (created_by, status_changed_at, id) index, cut to the page's end, and are merged.
 */
export async function listMyRequests(
  user: Pick<SessionUser, "id">,
  q: MyRequestsQuery,
): Promise<{ rows: MyRequestRow[]; total: number }> {
  const db = await getDb();
  const keys = (q.form ? [API_FORMS[q.form]] : FORM_KEYS) as FormKey[];
  const end = q.page * q.size;
  const parts: SQL[] = [];
  const counts: SQL[] = [];
  for (const key of keys) {
    const t = REQUEST_TABLES[key];
    const where = and(eq(t.createdBy, user.id), q.status ? eq(t.status, q.status) : undefined);
    parts.push(
      sql`(select ${key}::text as form, ${t.id} as id, ${STAFF_FORM_REGISTRATIONS[key].requestTitle} as title, ${t.status}::text as status, ${t.statusChangedAt} as changed_at, ${t.createdAt} as submitted_at from ${t} where ${where} order by ${t.statusChangedAt} desc, ${t.id} desc limit ${end})`,
    );
    counts.push(sql`(select count(*) from ${t} where ${where})`);
  }
  const rowsSql = sql`select * from (${sql.join(parts, sql` union all `)}) r order by changed_at desc, id desc limit ${q.size} offset ${end - q.size}`;
  const [rowsResult, totalResult] = await Promise.all([
    db.execute(rowsSql),
    db.execute(sql`select ${sql.join(counts, sql` + `)} as total`),
  ]);
  const rows = rowsOf<{
    form: FormKey;
    id: number;
    title: string;
    status: RequestStatus;
    changed_at: Date | string;
    submitted_at: Date | string;
  }>(rowsResult);
  const [{ total }] = rowsOf<{ total: string | number }>(totalResult);
  return {
    total: Number(total),
    rows: [...rows].map((r) => ({
      form: apiFormOf(r.form),
      id: r.id,
      title: r.title,
      status: r.status,
      changed_at: iso(r.changed_at),
      submitted_at: iso(r.submitted_at),
      path: recordPathOf(r.form, r.id),
    })),
  };
}

/** How many of the user's requests an approver decided since the user last opened 'My requests' (the header's count). */
export async function countChangedRequests(userId: number): Promise<number> {
  const db = await getDb();
  const [{ n }] = rowsOf<{ n: string | number }>(await db.execute(sql`select ${changedRequestsCount(userId)} as n`));
  return Number(n);
}

/** The same count as one scalar expression (the header reads it in one statement with the must-reads). */
export function changedRequestsCount(userId: number): SQL<number> {
  const v = schema.requestViews;
  const seen = sql`coalesce((select ${v.seenAt} from ${v} where ${v.userId} = ${userId}), '-infinity'::timestamptz)`;
  const counts = FORM_KEYS.map((key) => {
    const t = REQUEST_TABLES[key];
    return sql`(select count(*) from ${t} where ${and(eq(t.createdBy, userId), isNotNull(t.decidedAt), gt(t.decidedAt, seen))})`;
  });
  return sql<number>`(${sql.join(counts, sql` + `)})`;
}

/**
 * What a record page's decision panel shows `user`: the status, the timeline, and the decisions they may
 * take now (none for whoever may not decide it; 'answer' only for the requester while information is asked).
 */
export async function loadRequestPanel(form: FormKey, id: number, user: SessionUser) {
  const db = await getDb();
  const t = REQUEST_TABLES[form];
  const [row] = (await db.select(headColumns(form)).from(t).where(eq(t.id, id)).limit(1)) as RequestHead[];
  if (!row) return null;
  const timeline = await getTimeline(form, id, user);
  let mayDecide = false;
  if (roleCan(user.roleId, "decideRequests")) {
    mayDecide = await requireRequestDecider(db, user, form, row).then(
      () => true,
      () => false,
    );
  }
  const isRequester = row.createdBy === user.id;
  const decisions = decisionsFrom(workflowOf(form), row.status).filter((d) =>
    d === "answer" ? isRequester : mayDecide,
  );
  return {
    form: apiFormOf(form),
    id,
    status: row.status,
    steps: timeline.steps,
    decisions,
    // Its requester while open, administrators always; an approver decides, never edits (lib/requests/edit-rules.ts).
    mayEdit: editRefusal(user, row) === null,
    // An administrator assigns an approver to a submission no mapping routed (still waiting for a decision).
    mayAssign: roleCan(user.roleId, "assignRequests") && !row.routed && OPEN_STATUSES.has(row.status),
    assignedTo: row.assignedTo,
  };
}

/** The timelines of a page of requests in one query (My requests), keyed `form:id`; the submission step first. */
export async function listTimelinesFor(
  rows: MyRequestRow[],
  user: Pick<SessionUser, "id">,
): Promise<Map<string, TimelineStep[]>> {
  const out = new Map<string, TimelineStep[]>();
  if (!rows.length) return out;
  const db = await getDb();
  const e = schema.requestEvents;
  const events = await db
    .select()
    .from(e)
    .where(or(...rows.map((r) => and(eq(e.formKey, API_FORMS[r.form]), eq(e.recordId, r.id)))))
    .orderBy(e.id);
  const me = await db
    .select({ first: schema.users.firstName, last: schema.users.lastName, username: schema.users.username })
    .from(schema.users)
    .where(eq(schema.users.id, user.id))
    .limit(1);
  const myName = me[0] ? [me[0].first, me[0].last].filter(Boolean).join(" ") || me[0].username : "";
  for (const r of rows)
    out.set(`${r.form}:${r.id}`, [
      { decision: "submit", from_status: null, status: "submitted", by: myName, at: r.submitted_at, comment: "" },
    ]);
  for (const x of events) {
    out.get(`${apiFormOf(x.formKey)}:${x.recordId}`)?.push({
      decision: x.decision as Decision | RecordEvent,
      from_status: x.fromStatus,
      status: x.toStatus,
      by: x.actorName,
      at: x.createdAt.toISOString(),
      comment: x.comment,
    });
  }
  return out;
}

export type ApprovalRow = {
  form: ApiForm;
  id: number;
  /** What tells it apart (each form's registered `reference`: RA number, day and RO, wear, ...). */
  reference: string;
  requester: string;
  location_id: number | null;
  location: string;
  status: RequestStatus;
  submitted_at: string;
  due_at: string | null;
  overdue: boolean;
  path: string;
};

/** The rows of `form` waiting on the scope's user in `statuses` (decidableWhere: the decision's own rule), at `locationId` if given. */
function waitingWhere(form: FormKey, scope: ApproverScope, statuses: RequestStatus[], locationId?: number) {
  const t = REQUEST_TABLES[form];
  return decidableWhere(
    form,
    scope,
    and(inArray(t.status, statuses), locationId === undefined ? undefined : eq(t.locationId, locationId)),
  );
}

/**
 * The approvers' inbox: every request of every registered form that `user` may decide, in the statuses asked
 * (by default those waiting for a first decision), oldest due first (no due time last; then by form and id).
 * Each form's rows come from its table cut to the page's end and are merged; the reference, requester and
 * location are read for the page's rows only. Staff, and anyone with nothing to decide, get none.
 */
export async function listApprovals(
  user: Pick<SessionUser, "id" | "roleId">,
  q: ApprovalsQuery,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  if (!roleCan(user.roleId, "decideRequests")) return { rows: [], total: 0 };
  const db = await getDb();
  const scope = await approverScope(db, user);
  const keys: readonly FormKey[] = q.form ? [API_FORMS[q.form]] : FORM_KEYS;
  const statuses = q.status ? [q.status] : [...OPEN_STATUSES];
  const end = q.page * q.size;
  const parts: SQL[] = [];
  const counts: SQL[] = [];
  for (const key of keys) {
    const t = REQUEST_TABLES[key];
    const where = waitingWhere(key, scope, statuses, q.location);
    parts.push(
      sql`(select ${key}::text as form, ${t.id} as id, ${t.locationId} as location_id, ${t.status}::text as status, ${t.createdBy} as created_by, ${t.createdAt} as created_at, ${t.dueAt} as due_at from ${t} where ${where} order by ${t.dueAt} asc nulls last, ${t.id} limit ${end})`,
    );
    counts.push(sql`(select count(*) from ${t} where ${where})`);
  }
  // Per form, over the page's rows only: its reference and the title (the requester when the account is gone).
  const perForm = (fact: "reference" | "requestTitle") =>
    sql`case r.form ${sql.join(
      keys.map((key) => {
        const t = REQUEST_TABLES[key];
        return sql`when ${key}::text then (select ${STAFF_FORM_REGISTRATIONS[key][fact]} from ${t} where ${t.id} = r.id)`;
      }),
      sql` `,
    )} end`;
  const u = schema.users;
  const l = schema.locations;
  const pageSql = sql`with r as (select * from (${sql.join(parts, sql` union all `)}) r order by due_at asc nulls last, form, id limit ${q.size} offset ${end - q.size})
    select r.*, ${perForm("reference")} as reference,
      coalesce(${personName(u)}, ${perForm("requestTitle")}, '') as requester,
      coalesce(${l.name}, '') as location, (r.status in ('submitted', 'under_review') and r.due_at < now()) as overdue
    from r left join ${u} on ${u.id} = r.created_by left join ${l} on ${l.id} = r.location_id
    order by r.due_at asc nulls last, r.form, r.id`;
  const [rowsResult, totalResult] = await Promise.all([
    db.execute(pageSql),
    db.execute(sql`select ${sql.join(counts, sql` + `)} as total`),
  ]);
  const rows = rowsOf<{
    form: FormKey;
    id: number;
    location_id: number | null;
    status: RequestStatus;
    created_at: Date | string;
    due_at: Date | string | null;
    reference: string | null;
    requester: string;
    location: string;
    overdue: boolean | null;
  }>(rowsResult);
  const [{ total }] = rowsOf<{ total: string | number }>(totalResult);
  return {
    total: Number(total),
    rows: [...rows].map((r) => ({
      form: apiFormOf(r.form),
      id: r.id,
      reference: r.reference ?? "",
      requester: r.requester,
      location_id: r.location_id,
      location: r.location,
      status: r.status,
      submitted_at: iso(r.created_at),
      due_at: r.due_at == null ? null : iso(r.due_at),
      overdue: !!r.overdue,
      path: recordPathOf(r.form, r.id),
    })),
  };
}

/** The header's 'Waiting for me': the requests waiting for `user`'s first decision, counted up to 100 (the badge says 99+). */
export function waitingForMeCount(scope: ApproverScope): SQL<number> {
  if (!roleCan(scope.user.roleId, "decideRequests")) return sql<number>`0`;
  const counts = FORM_KEYS.map((key) => {
    const t = REQUEST_TABLES[key];
    return sql`(select count(*) from (select 1 from ${t} where ${waitingWhere(key, scope, [...OPEN_STATUSES])} limit 100) w)`;
  });
  return sql<number>`least(100, ${sql.join(counts, sql` + `)})`;
}
