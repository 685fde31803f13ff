import "server-only";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { PEOPLE_MESSAGES as M, type NewUser } from "./schemas";
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
 * Deactivate / Reactivate (administrators). A deactivated account cannot sign in (password or SSO,
 * lib/auth/accounts.ts), its sessions and API tokens end at once, and it stays in the user list, its
 * history and the exports; Reactivate lets it sign in again. Not oneself (422). Deleted users are not
 * found (404). Audited; a call that changes nothing changes nothing and writes nothing.
 */
export async function setUserActive(input: {
  id: number;
  active: boolean;
  actorId: number;
  requestId?: string | null;
}): Promise<void> {
  if (input.id === input.actorId) throw new AppError(422, M.deactivateSelf, { id: [M.deactivateSelf] });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: users.status })
      .from(users)
      .where(and(eq(users.id, input.id), isNull(users.deletedAt)))
      .for("update");
    if (!row) throw new AppError(404, M.notRegistered);
    const status = input.active ? "active" : "disabled";
    if (row.status === status) return;
    await tx.update(users).set({ status }).where(eq(users.id, input.id));
    if (!input.active) await revokeSessions(tx, input.id, new Date(), "disabled");
    await writeAudit(
      {
        actorId: input.actorId,
        action: input.active ? "user.reactivate" : "user.deactivate",
        entity: "user",
        entityId: input.id,
        before: { status: row.status },
        after: { status },
        requestId: input.requestId,
      },
      tx,
    );
  });
}
