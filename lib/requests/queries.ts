import "server-only";
import { and, eq, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema, type Db } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { SessionUser } from "@/lib/auth/session";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { REQUEST_TABLES, STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { managesForms, ownRecordOr404 } from "@/lib/forms/submission";
import { roleCan } from "@/lib/auth/roles";
import { requireRequestDecider } from "./access";
import { editRefusal } from "./edit-rules";
import { listRequestFiles } from "./files";
import {
  API_FORMS,
  OPEN_STATUSES,
  apiFormOf,
  decisionsFrom,
  REQUESTER_DECISIONS,
  workflowOf,
  type ApiForm,
  type Decision,
  type RecordEvent,
} from "./transitions";
import { type RequestStatus } from "@/lib/forms/request-statuses";
import type { MyRequestsQuery } from "./schemas";
import { personNameOrUsername } from "@/lib/users/display-name";

/** The reads of requests: the staff forms' tables, timelines, 'My requests', its header count, the decision panel. */

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
    title: STAFF_FORM_REGISTRATIONS[form].reference,
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
  /** What the request is: its form's reference (lib/forms/references.ts). */
  title: string;
  status: RequestStatus;
  changed_at: string;
  submitted_at: string;
  /** An approver decided it since the user last opened 'My requests'. */
  changed: boolean;
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
  const seen = seenAt(user.id);
  const parts: SQL[] = [];
  const counts: SQL[] = [];
  for (const key of keys) {
    const t = REQUEST_TABLES[key];
    const where = and(eq(t.createdBy, user.id), q.status ? eq(t.status, q.status) : undefined);
    parts.push(
      sql`(select ${key}::text as form, ${t.id} as id, ${STAFF_FORM_REGISTRATIONS[key].reference} as title, ${t.status}::text as status, ${t.statusChangedAt} as changed_at, ${t.createdAt} as submitted_at, coalesce(${t.decidedAt} > ${seen}, false) as changed from ${t} where ${where} order by ${t.statusChangedAt} desc, ${t.id} desc limit ${end})`,
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
    changed: boolean;
  }>(rowsResult);
  const [{ total }] = rowsOf<{ total: string | number }>(totalResult);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    total: Number(total),
    rows: [...rows].map((r) => ({
      form: apiFormOf(r.form),
      id: r.id,
      title: r.title,
      status: r.status,
      changed_at: iso(r.changed_at),
      submitted_at: iso(r.submitted_at),
      changed: r.changed,
      path: recordPathOf(r.form, r.id),
    })),
  };
}

/** When the user last opened 'My requests' (the beginning of time if never), as SQL. */
function seenAt(userId: number): SQL {
  const v = schema.requestViews;
  return sql`coalesce((select ${v.seenAt} from ${v} where ${v.userId} = ${userId}), '-infinity'::timestamptz)`;
}

/** How many of the user's requests an approver decided since the user last opened 'My requests' (the header's count). */
export async function countChangedRequests(userId: number): Promise<number> {
  const db = await getDb();
  const [{ n }] = rowsOf<{ n: string | number }>(await db.execute(sql`select ${changedRequestsCount(userId)} as n`));
  return Number(n);
}

/** The same count as one scalar expression (the header reads it in one statement with the must-reads). */
export function changedRequestsCount(userId: number): SQL<number> {
  const seen = seenAt(userId);
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
    REQUESTER_DECISIONS.has(d) ? isRequester : mayDecide,
  );
  return {
    form: apiFormOf(form),
    id,
    /** What the request is called (lib/forms/references.ts): the record page's subtitle and <title>. */
    reference: row.title,
    status: row.status,
    steps: timeline.steps,
    decisions,
    // Its requester while open, administrators always; an approver decides, never edits (lib/requests/edit-rules.ts).
    mayEdit: editRefusal(user, row) === null,
    // An administrator assigns an approver to a submission no mapping routed (still waiting for a decision).
    mayAssign: roleCan(user.roleId, "assignRequests") && !row.routed && OPEN_STATUSES.has(row.status),
    assignedTo: row.assignedTo,
    /** Whom it is assigned to (a name; a deleted person's too), so the picker says it whoever the list offers. */
    assignedToName: row.assignedTo == null ? null : await userNameOf(db, row.assignedTo),
    /** Photos and documents its requester attached (lib/requests/files.ts). */
    files: await listRequestFiles(form, id),
  };
}

async function userNameOf(db: Db, id: number): Promise<string | null> {
  const u = schema.users;
  const [row] = await db
    .select({ name: personNameOrUsername(u) })
    .from(u)
    .where(eq(u.id, id))
    .limit(1);
  return row?.name ?? null;
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

/**
 * Request `id` of `form`'s reference (lib/forms/references.ts) for a record page's <title>, when `user` may open
 * it (ownRecordOr404's rule: roles 1 and 2 every request, anyone else their own); null otherwise.
 */
export async function findRequestReference(form: FormKey, id: number, user: SessionUser): Promise<string | null> {
  const db = await getDb();
  const t = REQUEST_TABLES[form];
  const [row] = await db
    .select({ reference: STAFF_FORM_REGISTRATIONS[form].reference, createdBy: t.createdBy })
    .from(t)
    .where(eq(t.id, id))
    .limit(1);
  if (!row || (!managesForms(user) && row.createdBy !== user.id)) return null;
  return row.reference;
}
