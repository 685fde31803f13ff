import "server-only";
import { eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/forwarded";
import { schema } from "@/lib/db";
import { personName, personNameOrUsernameOf } from "@/lib/users/display-name";

/** Roles 1 and 2 see, edit and delete everyone's submissions; others only see and edit their own. */
export const managesForms = (user: Pick<SessionUser, "roleId">) => roleCan(user.roleId, "manageStaffForms");

/** A list's scope for `user`: nothing for managers, their own submissions for everyone else. */
export const ownSubmissions =
  (createdBy: PgColumn) =>
  (user: SessionUser): SQL | undefined =>
    managesForms(user) ? undefined : eq(createdBy, user.id);

/**
 * The submission `row` if `user` may see and edit it (their own, or any for roles 1 and 2); otherwise the
 * same 404 (`notFound`, the kind's 'No such ...' message) as a record that does not exist, so an id
 * tells nobody whether someone else's submission exists (no existence oracle).
 */
export function ownRecordOr404<T extends { createdBy: number | null }>(
  row: T | undefined,
  user: SessionUser,
  notFound: string,
): T {
  if (!row || (!managesForms(user) && row.createdBy !== user.id)) throw new AppError(404, notFound);
  return row;
}

/** The submitter as the mail names them. */
export function submitterOf(user: SessionUser) {
  return {
    id: user.id,
    name: personNameOrUsernameOf(user),
    email: user.email ?? null,
  };
}

/** The portal's origin for links in mail: the configured one, never this request's Host (lib/http/forwarded.ts). */
export async function requestBaseUrl(): Promise<string> {
  return publicOrigin();
}

/** 'First Last' of the user in `column` (for Updated By), a SQL expression over a join on users. */
export const updatedByName = personName(schema.users);
