import "server-only";
import { and, inArray, isNull, or, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { PEOPLE_MESSAGES as M, type NewUser } from "./schemas";
import type { UserStatus } from "./columns";
import { assertUserRefs, revokeSessions } from "./mutations";
import { issuePasswordLinks } from "./password-links";

const { users, userPermissions } = schema;

/**
 * Add user (administrators): a local account with no password yet, signed in to by its e-mail (which
 * is also its username), and a mail with a one-time link to set the password (lib/users/password-links.ts).
 * With SSO on, the person's first SSO sign-in links the account by its verified e-mail as the SSO
 * binding allows (lib/auth/accounts.ts, upsertSsoUser). The e-mail must be free (422 naming it); every
 * id is checked as on Edit User. Returns the new id and the link's secret (for tests).
 */
export async function addUser(input: {
  data: NewUser;
  actorId: number;
  requestId?: string | null;
}): Promise<{ id: number; token: string }> {
  const { data } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await assertUserRefs(tx, data);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${data.email}`, sql`lower(${users.username}) = ${data.email}`))
      .limit(1);
    if (taken) throw new AppError(422, M.emailTaken, { email: [M.emailTaken] });
    const values = {
      username: data.email,
      email: data.email,
      firstName: data.firstName,
      lastName: data.lastName,
      empId: data.empId || null,
      roleId: data.roleId,
      stateId: data.stateId,
      locationId: data.locationId,
      departmentId: data.departmentId,
      phone: data.phone || null,
    };
    const [created] = await tx.insert(users).values(values).returning({ id: users.id });
    const permissionIds = [...new Set(data.permissionIds)].sort((a, b) => a - b);
    if (permissionIds.length)
      await tx
        .insert(userPermissions)
        .values(permissionIds.map((permissionId) => ({ userId: created.id, permissionId })));
    const [token] = await issuePasswordLinks(
      tx,
      [{ id: created.id, email: data.email, firstName: data.firstName }],
      "invite",
    );
    await writeAudit(
      {
        actorId: input.actorId,
        action: "user.create",
        entity: "user",
        entityId: created.id,
        after: { ...values, permissionIds },
        requestId: input.requestId,
      },
      tx,
    );
    return { id: created.id, token };
  });
}

/**
 * Writes a new status for accounts read (locked) in `tx`: a deactivated account cannot sign in (password or
 * SSO, lib/auth/accounts.ts) and its sessions and API tokens end at once; one audit row per account whose
 * status changes (the others are left alone). Returns the ids it changed.
 */
export async function writeUserStatus(
  tx: Tx,
  rows: { id: number; status: UserStatus }[],
  status: UserStatus,
  audit: { actorId: number; requestId?: string | null },
): Promise<number[]> {
  const changed = rows.filter((r) => r.status !== status);
  if (!changed.length) return [];
  const ids = changed.map((r) => r.id);
  await tx.update(users).set({ status }).where(inArray(users.id, ids));
  const now = new Date();
  for (const r of changed) {
    if (status === "disabled") await revokeSessions(tx, r.id, now, "disabled");
    await writeAudit(
      {
        actorId: audit.actorId,
        action: status === "active" ? "user.reactivate" : "user.deactivate",
        entity: "user",
        entityId: r.id,
        before: { status: r.status },
        after: { status },
        requestId: audit.requestId,
      },
      tx,
    );
  }
  return ids;
}

/**
 * Deactivate / Reactivate (administrators): Edit User's button for one account, the user list's bulk
 * action for the selected ones. A deactivated account stays in the user list (its status shown), its
 * history and the exports; Reactivate lets it sign in again. Deactivating oneself is refused (422, on
 * `field`); reactivating a selection that holds oneself leaves oneself as is. Deleted users are not found
 * (none found: 404). Audited; accounts already in the status are left alone and counted out.
 */
export async function setUsersActive(input: {
  ids: number[];
  active: boolean;
  actorId: number;
  requestId?: string | null;
  field?: string;
}): Promise<{ changed: number[] }> {
  const self = input.ids.includes(input.actorId);
  if (self && (!input.active || input.ids.length === 1))
    throw new AppError(422, M.deactivateSelf, { [input.field ?? "ids"]: [M.deactivateSelf] });
  const ids = [...new Set(input.ids)].filter((id) => id !== input.actorId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: users.id, status: users.status })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
      .orderBy(users.id)
      .for("update");
    if (!rows.length) throw new AppError(404, M.notRegistered);
    const changed = await writeUserStatus(tx, rows, input.active ? "active" : "disabled", input);
    return { changed };
  });
}

/** Deactivate / Reactivate of one account (Edit User's button, the v1 calls): setUsersActive. */
export async function setUserActive(input: {
  id: number;
  active: boolean;
  actorId: number;
  requestId?: string | null;
}): Promise<void> {
  await setUsersActive({ ...input, ids: [input.id], field: "id" });
}
