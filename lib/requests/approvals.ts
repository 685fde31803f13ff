import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { SessionUser } from "@/lib/auth/session";
import { roleCan } from "@/lib/auth/roles";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { REQUEST_TABLES, STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { personNameOrUsername } from "@/lib/users/display-name";
import { decidableWhere } from "./access";
import {
  API_FORMS,
  OPEN_STATUSES,
  apiFormOf,
  approverDecisionsFrom,
  workflowOf,
  type ApiForm,
  type Decision,
} from "./transitions";
import type { ApprovalsQuery } from "./schemas";

export type ApprovalRow = {
  form: ApiForm;
  id: number;
  /** What the request is: its form's reference (lib/forms/references.ts: 'RO reversal RA-300010 · Sam Staff'). */
  title: string;
  requester: string;
  location: string | null;
  status: RequestStatus;
  submitted_at: string;
  due_at: string | null;
  overdue: boolean;
  /** The decisions the viewer may take on it now. */
  decisions: Decision[];
  path: string;
};

/** The statuses a form's requests wait in for the viewer: the query's, or those waiting for an approver. */
function waitingStatuses(form: FormKey, q: Pick<ApprovalsQuery, "status">): RequestStatus[] {
  const wanted = q.status ? [q.status] : [...OPEN_STATUSES];
  // Only the statuses this form's workflow has approver decisions in (the requester's answer and withdrawal are not).
  return wanted.filter((s) => approverDecisionsFrom(workflowOf(form), s).length > 0);
}

/** The rows of `form` waiting on `user` (the decider rule, decidableWhere), narrowed by the query's location. */
function waitingWhere(form: FormKey, user: Pick<SessionUser, "id" | "roleId">, q: ApprovalsQuery): SQL | null {
  const statuses = waitingStatuses(form, q);
  if (!statuses.length) return null;
  const t = REQUEST_TABLES[form];
  return and(
    inArray(t.status, statuses),
    decidableWhere(t, form, user),
    q.location ? eq(t.locationId, q.location) : undefined,
  )!;
}

/**
 * The approvals inbox: every request `user` may decide now across every staff form, the oldest due first (no
 * due date last, then the oldest submitted), with form, requester, location, dates and Overdue; filtered by form,
 * location and status (default: waiting for an approver). First the page's requests: each form's keys from its
 * index of waiting rows (db/schema/request-state.ts: location, due, id with who made and may decide it), cut to
 * the page's end and merged; then only those rows are read. Anyone who decides nothing gets an empty page.
 */
export async function listApprovals(
  user: Pick<SessionUser, "id" | "roleId">,
  q: ApprovalsQuery,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  if (!roleCan(user.roleId, "decideRequests")) return { rows: [], total: 0 };
  const db = await getDb();
  const keys = (q.form ? [API_FORMS[q.form]] : FORM_KEYS) as FormKey[];
  const end = q.page * q.size;
  const parts: SQL[] = [];
  const counts: SQL[] = [];
  for (const key of keys) {
    const where = waitingWhere(key, user, q);
    if (!where) continue;
    const t = REQUEST_TABLES[key];
    parts.push(
      sql`(select ${key}::text as form, ${t.id} as id, ${t.dueAt} as due_at, ${t.createdAt} as created_at from ${t}
        where ${where} order by ${t.dueAt} asc nulls last, ${t.createdAt}, ${t.id} limit ${end})`,
    );
    counts.push(sql`(select count(*) from ${t} where ${where})`);
  }
  if (!parts.length) return { rows: [], total: 0 };
  const [pageResult, totalResult] = await Promise.all([
    db.execute(sql`select form, id from (${sql.join(parts, sql` union all `)}) r
      order by due_at asc nulls last, created_at, form, id limit ${q.size} offset ${end - q.size}`),
    db.execute(sql`select ${sql.join(counts, sql` + `)} as total`),
  ]);
  const page = rowsOf<{ form: FormKey; id: number }>(pageResult);
  const [{ total }] = rowsOf<{ total: string | number }>(totalResult);
  const details = await readRows(page);
  const now = Date.now();
  const iso = (d: Date | string) => new Date(d).toISOString();
  const rows = page.flatMap(({ form, id }) => {
    const r = details.get(`${form}:${id}`);
    if (!r) return [];
    return [
      {
        form: apiFormOf(form),
        id,
        title: r.title ?? "",
        requester: r.requester ?? "",
        location: r.location,
        status: r.status,
        submitted_at: iso(r.submitted_at),
        due_at: r.due_at ? iso(r.due_at) : null,
        overdue: !!r.due_at && OPEN_STATUSES.has(r.status) && new Date(r.due_at).getTime() < now,
        decisions: approverDecisionsFrom(workflowOf(form), r.status),
        path: staffFormHref(form, "view", id),
      },
    ];
  });
  return { rows, total: Number(total) };
}

type ApprovalDetails = {
  title: string | null;
  status: RequestStatus;
  submitted_at: Date | string;
  due_at: Date | string | null;
  requester: string | null;
  location: string | null;
};

/** What the inbox shows of a page of requests (a form at a time, by id), keyed `form:id`. */
async function readRows(page: { form: FormKey; id: number }[]): Promise<Map<string, ApprovalDetails>> {
  const db = await getDb();
  const out = new Map<string, ApprovalDetails>();
  const requester = schema.users;
  const forms = [...new Set(page.map((p) => p.form))];
  await Promise.all(
    forms.map(async (form) => {
      const t = REQUEST_TABLES[form];
      const ids = page.filter((p) => p.form === form).map((p) => p.id);
      const rows = await db
        .select({
          id: t.id,
          title: STAFF_FORM_REGISTRATIONS[form].reference,
          status: t.status,
          submitted_at: t.createdAt,
          due_at: t.dueAt,
          requester: personNameOrUsername(requester),
          location: schema.locations.name,
        })
        .from(t)
        .leftJoin(requester, eq(requester.id, t.createdBy))
        .leftJoin(schema.locations, eq(schema.locations.id, t.locationId))
        .where(inArray(t.id, ids));
      for (const r of rows) out.set(`${form}:${r.id}`, r as ApprovalDetails);
    }),
  );
  return out;
}

/** How many requests wait for `user`'s decision (the header's 'Waiting for me'), as one scalar SQL expression. */
export function waitingForMeCount(user: Pick<SessionUser, "id" | "roleId">): SQL<number> {
  if (!roleCan(user.roleId, "decideRequests")) return sql<number>`0`;
  const counts = FORM_KEYS.flatMap((key) => {
    const where = waitingWhere(key, user, { page: 1, size: 1 });
    return where ? [sql`(select count(*) from ${REQUEST_TABLES[key]} where ${where})`] : [];
  });
  return sql<number>`(${sql.join(counts, sql` + `)})`;
}
