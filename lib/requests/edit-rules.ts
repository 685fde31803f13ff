/**
 * Who changes a request's content (docs/features/requests.md): pure, shared by the server (lib/forms/save-submission.ts
 * refuses with it) and the pages (an Edit link only for whoever may use it), so the rules are unit-tested.
 */
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { EDITABLE_BY_REQUESTER } from "./transitions";

export const DECIDED_REQUEST_LOCKED = "This request has been decided and can no longer be edited.";
export const APPROVERS_DO_NOT_EDIT =
  "Only the requester or an administrator can change a request; an approver decides it, comments or asks for more information.";
export const ONLY_ADMINS_MOVE = "Only an administrator can move a request to another location.";

/**
 * Why `user` may not change a request's content (null when they may). Administrators change any request,
 * decided or not (their change of a decided one goes into its timeline); its requester while nobody has
 * decided it (409 after); nobody else: an approver decides, comments and asks for information, never
 * edits (403). Whoever may not see the request at all got its 404 before (ownRecordOr404).
 */
export function editRefusal(
  user: Pick<SessionUser, "id" | "roleId">,
  request: { createdBy: number | null; status: RequestStatus },
): AppError | null {
  if (roleCan(user.roleId, "editEveryRequest")) return null;
  if (request.createdBy !== user.id) return new AppError(403, APPROVERS_DO_NOT_EDIT);
  return EDITABLE_BY_REQUESTER.has(request.status) ? null : new AppError(409, DECIDED_REQUEST_LOCKED);
}

/**
 * Why `user` may not file a request under location `to` (null when they may): a request stays at the
 * location it was filed for (its approvers decide it there) unless an administrator moves it. Sending
 * the location it has is fine (old clients send every field back).
 */
export function moveRefusal(user: Pick<SessionUser, "roleId">, from: number | null, to: number): AppError | null {
  if (from === to || roleCan(user.roleId, "moveRequests")) return null;
  return new AppError(403, ONLY_ADMINS_MOVE, { locationId: [ONLY_ADMINS_MOVE] });
}

/** List rows marked with whether `user` may edit each (the lists show Edit only then; the save decides anyway). */
export function withEditRights<Row extends { createdBy: number | null; status: RequestStatus }>(
  rows: Row[],
  user: Pick<SessionUser, "id" | "roleId">,
): (Row & EditRight)[] {
  return rows.map((r) => ({ ...r, mayEdit: editRefusal(user, r) === null }));
}

/** A list row's edit right for its viewer (withEditRights); a row without it shows its Edit link. */
export type EditRight = { mayEdit?: boolean };
