import "server-only";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { AppError, forbidden } from "@/lib/errors";
import { schema, type Db, type Tx } from "@/lib/db";
import type { FormKey } from "@/lib/forms/form-keys";

export const OWN_REQUEST_REFUSED = "You cannot decide your own request.";
export const NOT_AN_APPROVER = "You are not an approver of this form at this location.";
export const ONLY_REQUESTER_ANSWERS = "Only the requester can answer a request for information.";
export const ONLY_REQUESTER_WITHDRAWS = "Only the requester can withdraw a request.";

/** The roles that decide requests at all: administrators (every request) and role 2 (those mapped to them). */

/**
 * Why `user` may not decide a request (null when they may): pure, so the rules are unit-tested.
 * Nobody decides their own request; administrators decide every other; a role-2 user only when the form
 * email manager's mapping for the request's form and location names them an approver; nobody else.
 */
export function decideRefusal(
  user: Pick<SessionUser, "id" | "roleId">,
  request: { createdBy: number | null },
  isMappedApprover: boolean,
): string | null {
  if (request.createdBy === user.id) return OWN_REQUEST_REFUSED;
  if (roleCan(user.roleId, "decideEveryRequest")) return null;
  if (!roleCan(user.roleId, "decideRequests")) return forbidden().message;
  return isMappedApprover ? null : NOT_AN_APPROVER;
}

/** Whether the mapping for `form` at `locationId` names `userId` among its approvers. */
export async function isMappedApprover(
  db: Db | Tx,
  form: FormKey,
  locationId: number | null,
  userId: number,
): Promise<boolean> {
  if (locationId == null) return false;
  const m = schema.formEmailMappings;
  const a = schema.formMappingApprovers;
  const [hit] = await db
    .select({ userId: a.userId })
    .from(a)
    .innerJoin(m, eq(m.id, a.mappingId))
    .where(and(eq(m.formKey, form), eq(m.locationId, locationId), eq(a.userId, userId)))
    .limit(1);
  return !!hit;
}

/**
 * Throws 403 unless `user` may decide the request (decideRefusal). Guard style: call it in the
 * transaction that decides, with the row locked, so the answer holds for the change.
 */
export async function requireRequestDecider(
  db: Db | Tx,
  user: SessionUser,
  form: FormKey,
  request: { createdBy: number | null; locationId: number | null; assignedTo?: number | null },
): Promise<SessionUser> {
  if (!roleCan(user.roleId, "decideRequests")) throw forbidden();
  // A role-2 user decides what the mapping names them for, and what an administrator assigned them (an unrouted submission).
  const approver =
    !roleCan(user.roleId, "decideEveryRequest") && request.createdBy !== user.id
      ? request.assignedTo === user.id || (await isMappedApprover(db, form, request.locationId, user.id))
      : false;
  const refusal = decideRefusal(user, request, approver);
  if (refusal) throw new AppError(403, refusal);
  return user;
}

/** A request table's columns the decider rule reads. */
type DeciderColumns = { createdBy: PgColumn; assignedTo: PgColumn; locationId: PgColumn };

/**
 * requireRequestDecider's rule over the rows of `form`'s table, as SQL (the approvals inbox, its header count,
 * the overdue summaries): never one's own; an administrator's every other; a role-2 user's those the mapping for
 * the form and the row's location names them an approver of, and those an administrator assigned them; nobody
 * else's. test/requests/approvals.test.ts holds it to requireRequestDecider row by row.
 */
export function decidableWhere(t: DeciderColumns, form: FormKey, user: Pick<SessionUser, "id" | "roleId">): SQL {
  if (!roleCan(user.roleId, "decideRequests")) return sql`false`;
  const notOwn = sql`${t.createdBy} is distinct from ${user.id}`;
  if (roleCan(user.roleId, "decideEveryRequest")) return notOwn;
  const m = schema.formEmailMappings;
  const a = schema.formMappingApprovers;
  const mapped = sql`${t.locationId} in (select ${m.locationId} from ${m} join ${a} on ${a.mappingId} = ${m.id} where ${m.formKey} = ${form} and ${a.userId} = ${user.id})`;
  return and(notOwn, or(eq(t.assignedTo, user.id), mapped))!;
}
