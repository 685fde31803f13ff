import "server-only";
import bcrypt from "bcryptjs";
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError, forbidden } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/accounts";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { revokeAllFeedTokens } from "@/lib/calendar/mutations";
import { claimUploads, deleteFiles, withFileTransaction } from "@/lib/files/mutations";
import { getFileByKey } from "@/lib/files/queries";
import { keyFromClientPath } from "@/lib/files/links";
import { assertTableState, tableWhere } from "@/lib/data-table/query";
import { enqueueMails } from "@/lib/mail/outbox";
import { PEOPLE_MESSAGES as M, type EditUser, type Profile } from "./schemas";
import { photoUrl, profileValuesOf, USER_QUERY } from "./queries";
import { USER_DEFAULT_SORT, USER_DELETE_TEXTS } from "./columns";
import { roleCan } from "@/lib/auth/roles";
import { loadUserRefs, refProblems } from "./refs";

const { users, userPermissions, apiTokens } = schema;

/**
 * Deletes users the way a company directory must: the account is deactivated (`deleted_at`, status
 * disabled), every session and API token of theirs is revoked, and the row stays, so the posts,
 * events and files they wrote keep their author's name. Nobody can delete themselves (422). Ids that
 * do not exist or are already deleted are skipped; none left is a 404. One audit row per user.
 */
export async function deleteUsers(input: {
  ids: number[];
  actorId: number;
  requestId?: string | null;
}): Promise<{ deleted: number[] }> {
  const ids = [...new Set(input.ids)];
  if (ids.includes(input.actorId))
    throw new AppError(422, USER_DELETE_TEXTS.self, { deleteArr: [USER_DELETE_TEXTS.self] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(schema.users)
      .set({ deletedAt: now, status: "disabled" })
      .where(and(inArray(schema.users.id, ids), isNull(schema.users.deletedAt)))
      .returning({ id: schema.users.id, username: schema.users.username });
    if (rows.length === 0) throw new AppError(404, "No such user.");
    const deleted = rows.map((r) => r.id);
    await tx
      .update(schema.apiTokens)
      .set({ revokedAt: now, revokedReason: "deleted" })
      .where(and(inArray(schema.apiTokens.userId, deleted), isNull(schema.apiTokens.revokedAt)));
    for (const r of rows) {
      await writeAudit(
        {
          actorId: input.actorId,
          action: "delete",
          entity: "user",
          entityId: r.id,
          before: { username: r.username },
          requestId: input.requestId,
        },
        tx,
      );
    }
    return { deleted };
  });
}

/** 422 naming the first field whose id names nothing (Edit User's and Add user's rule, lib/users/refs.ts). */
export async function assertUserRefs(tx: Tx, data: Parameters<typeof refProblems>[0]): Promise<void> {
  const problems = refProblems(data, await loadUserRefs(tx));
  const [field] = Object.keys(problems);
  if (field) throw new AppError(422, problems[field][0], { [field]: problems[field] });
}

/** Ends every session and API token of a user, in the change's transaction; `except` keeps one (the caller's own). */
export async function revokeSessions(
  tx: Tx,
  userId: number,
  now: Date,
  reason: "access" | "password" | "disabled",
  except?: number,
) {
  await tx
    .update(apiTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), except ? ne(apiTokens.id, except) : undefined),
    );
}

/**
 * Edit User (administrators): role, state, location, department, phone and permissions of another
 * user. Every id must exist (422 naming the field); one's own record is edited on the profile (403
 * here, so an administrator cannot take their own rights away by accident). A role or permission
 * change ends that user's sessions; a role change also resets their calendar subscription links. One audit row with what changed.
 */
export async function updateUserByAdmin(input: {
  data: EditUser;
  actor: SessionUser;
  requestId?: string | null;
}): Promise<void> {
  const { data, actor } = input;
  if (data.id === actor.id) throw forbidden("Your own record is edited on your profile.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        roleId: users.roleId,
        stateId: users.stateId,
        locationId: users.locationId,
        departmentId: users.departmentId,
        phone: users.phone,
      })
      .from(users)
      .where(and(eq(users.id, data.id), isNull(users.deletedAt)))
      .for("update");
    if (!before) throw new AppError(404, M.notRegistered);
    await assertUserRefs(tx, data);
    const wanted = [...new Set(data.permissionIds)].sort((a, b) => a - b);
    const had = (
      await tx
        .select({ id: userPermissions.permissionId })
        .from(userPermissions)
        .where(eq(userPermissions.userId, data.id))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);

    const after = {
      roleId: data.roleId,
      stateId: data.stateId,
      locationId: data.locationId,
      departmentId: data.departmentId,
      phone: data.phone || null,
    };
    await tx.update(users).set(after).where(eq(users.id, data.id));
    const permissionsChanged = had.join(",") !== wanted.join(",");
    if (permissionsChanged) {
      await tx.delete(userPermissions).where(eq(userPermissions.userId, data.id));
      if (wanted.length)
        await tx.insert(userPermissions).values(wanted.map((permissionId) => ({ userId: data.id, permissionId })));
    }
    // Their open sessions carry the old rights in the browser (menus, buttons): they sign in again.
    if (before.roleId !== data.roleId || permissionsChanged) await revokeSessions(tx, data.id, new Date(), "access");
    // A new role resets their calendar subscription links too: a copied link keeps nothing of the old account.
    if (before.roleId !== data.roleId) await revokeAllFeedTokens(tx, data.id);
    await writeAudit(
      {
        actorId: actor.id,
        action: "user.update",
        entity: "user",
        entityId: data.id,
        before: { ...before, permissionIds: had },
        after: { ...after, permissionIds: wanted },
        requestId: input.requestId,
      },
      tx,
    );
  });
}

/**
 * What an administrator keeps of a user (state, location, department, role, permissions) as an own-profile
 * body may name it: the old client sends its current values back, which is accepted; any other value
 * is refused (422 naming the field), so nothing a person edits about themself widens what they may
 * read, count in or approve (docs/features/users.md).
 */
export type AdministratorKept = {
  stateId?: number | null;
  locationId?: number | null;
  departmentId?: number | null;
  roleId?: number;
  permissionIds?: number[];
};

const KEPT_LABELS: Record<keyof AdministratorKept, string> = {
  stateId: "state",
  locationId: "location",
  departmentId: "department",
  roleId: "role",
  permissionIds: "permissions",
};

/** 422 naming the first field of `sent` that differs from what is stored. */
async function assertKeptUnchanged(
  tx: Tx,
  stored: {
    id: number;
    stateId: number | null;
    locationId: number | null;
    departmentId: number | null;
    roleId: number;
  },
  sent: AdministratorKept,
) {
  const had =
    sent.permissionIds === undefined
      ? []
      : (
          await tx
            .select({ id: userPermissions.permissionId })
            .from(userPermissions)
            .where(eq(userPermissions.userId, stored.id))
        ).map((r) => r.id);
  const sameSet = (a: number[], b: number[]) =>
    [...new Set(a)].sort((x, y) => x - y).join(",") === [...new Set(b)].sort((x, y) => x - y).join(",");
  for (const field of Object.keys(KEPT_LABELS) as (keyof AdministratorKept)[]) {
    const value = sent[field];
    if (value === undefined) continue;
    const same = field === "permissionIds" ? sameSet(value as number[], had) : value === stored[field];
    if (!same) {
      const message = M.keptByAdministrator(KEPT_LABELS[field]);
      throw new AppError(422, message, { [field]: [message] });
    }
  }
}

/**
 * Edit Profile (one's own): the editable items and the photo. A new photo must be the caller's own
 * profile-photo upload (uploadmedia); the previous photo's file is deleted once the change commits.
 * Personal data (names, e-mail) changes only when an administrator sends it (`personal`). Location,
 * state (active/disabled), department, role and permissions never change here: `kept` (what the old client sent back of them)
 * must be what is stored.
 */
export async function updateOwnProfile(input: {
  /** The profile's values, or (an update call) how they are made from the stored ones, read under the row's lock. */
  data: Profile | ((stored: Record<string, unknown>) => Profile);
  personal?: { firstName: string; lastName: string; email: string } | null;
  kept?: AdministratorKept;
  user: SessionUser;
  requestId?: string | null;
}): Promise<{ profileImageUrl: string | null }> {
  const { user } = input;
  if (input.personal && !roleCan(user.roleId, "editPersonalData"))
    throw forbidden("Your personal data is kept by an administrator.");
  return withFileTransaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for("update");
    if (!before) throw new AppError(404, M.notRegistered);
    if (input.kept) await assertKeptUnchanged(tx, before, input.kept);
    const data = typeof input.data === "function" ? input.data(profileValuesOf(before)) : input.data;
    const newKey = data.filePath ? keyFromClientPath(data.filePath) : null;
    if (input.personal?.email) {
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${input.personal.email})`, ne(users.id, user.id)))
        .limit(1);
      if (taken) throw new AppError(422, M.emailTaken, { email: [M.emailTaken] });
    }
    let profileImage = before.profileImage;
    if (newKey && newKey !== before.profileImage) {
      await claimUploads({ keys: [newKey], user, kinds: ["profilePhoto"], field: "filePath" }, tx);
      profileImage = newKey;
    } else if (!newKey && data.removePhoto) {
      profileImage = null;
    }
    if (before.profileImage && profileImage !== before.profileImage) {
      const old = await getFileByKey({ key: before.profileImage }, tx);
      if (old) await deleteFiles([old], tx);
    }
    const after = {
      post: data.post || null,
      teamDesignation: data.teamDesignation || null,
      description: data.description || null,
      bio: data.bio || null,
      quote: data.quote || null,
      quoteName: data.quoteName || null,
      profileImage,
      ...(input.personal ?? {}),
    };
    await tx.update(users).set(after).where(eq(users.id, user.id));
    const changed = Object.fromEntries(
      Object.entries(after).filter(([k, v]) => before[k as keyof typeof before] !== v),
    );
    const was = Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof typeof before]]));
    await writeAudit(
      {
        actorId: user.id,
        action: "user.profile",
        entity: "user",
        entityId: user.id,
        before: was,
        after: changed,
        requestId: input.requestId,
      },
      tx,
    );
    return { profileImageUrl: photoUrl(profileImage) };
  });
}

/**
 * Change Password: the old password must match; the new one is stored as a bcrypt hash and every
 * other session and token of the user ends (the one in use stays), and so does every calendar
 * subscription link. An account without a password
 * (SSO only) is told to change it at the SSO.
 */
export async function changePassword(input: {
  user: SessionUser;
  oldPassword: string;
  newPassword: string;
  requestId?: string | null;
}): Promise<void> {
  const db = await getDb();
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, input.user.id)).limit(1);
  if (!row?.hash) throw new AppError(422, M.ssoOnly, { oldPassword: [M.ssoOnly] });
  if (!(await bcrypt.compare(input.oldPassword, row.hash)))
    throw new AppError(422, M.oldPasswordWrong, { oldPassword: [M.oldPasswordWrong] });
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, input.user.id));
    await revokeSessions(tx, input.user.id, new Date(), "password", input.user.tokenId);
    // Whoever knew the old password may have made a calendar link: every link is reset with it.
    await revokeAllFeedTokens(tx, input.user.id);
    await writeAudit(
      {
        actorId: input.user.id,
        action: "user.password",
        entity: "user",
        entityId: input.user.id,
        requestId: input.requestId,
      },
      tx,
    );
  });
}

/**
 * The e-mail notification: one mail per recipient (nobody sees the others' addresses), queued in the
 * outbox in one transaction with the attachment's claim, so either every mail is queued or none.
 * Recipients: the selected users (`ids`), else every user matching the list's filters. Users without
 * an e-mail address are skipped. Returns how many mails were queued.
 */
export async function sendNotification(input: {
  subject: string;
  message: string;
  attachmentPath?: string;
  ids?: number[];
  filters: Record<string, string>;
  actor: SessionUser;
  requestId?: string | null;
}): Promise<{ queued: number }> {
  const key = input.attachmentPath ? keyFromClientPath(input.attachmentPath) : null;
  if (!input.ids?.length)
    assertTableState(USER_QUERY, { page: 1, size: 25, sort: USER_DEFAULT_SORT, filters: input.filters });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const where = input.ids?.length
      ? and(inArray(users.id, input.ids), isNull(users.deletedAt))
      : tableWhere(USER_QUERY, input.filters);
    const rows = await tx
      .selectDistinct({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(and(where, isNotNull(users.email), sql`${users.email} <> ''`));
    if (!rows.length) throw new AppError(422, M.noRecipients);
    let attachment: { key: string; fileName: string; contentType: string } | undefined;
    if (key) {
      const [file] = await claimUploads(
        { keys: [key], user: input.actor, kinds: ["attachment", "document"], field: "attachment" },
        tx,
      );
      attachment = { key: file.storageKey, fileName: file.originalName, contentType: file.mime };
    }
    const ids = await enqueueMails(
      tx,
      rows.map((r) => ({
        to: r.email,
        subject: input.subject,
        text: input.message,
        ...(attachment && { attachment }),
      })),
    );
    await writeAudit(
      {
        actorId: input.actor.id,
        action: "user.notify",
        entity: "mail",
        after: { subject: input.subject, recipients: ids.length, attachment: key },
        requestId: input.requestId,
      },
      tx,
    );
    return { queued: ids.length };
  });
}

/**
 * Saves the HR order: `ids` in their new order get positions 1, 2, ... in one statement, in one
 * transaction. An id that is not a (not deleted) user is a 422 and nothing changes.
 */
export async function saveHrOrder(input: {
  ids: number[];
  actor: SessionUser;
  requestId?: string | null;
}): Promise<void> {
  const ids = [...new Set(input.ids)];
  const db = await getDb();
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt)))
      .for("update");
    if (found.length !== ids.length) throw new AppError(422, M.hrUnknownUser, { imageList: [M.hrUnknownUser] });
    const values = sql.join(
      ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${users} set hr_position = v.pos from (values ${values}) as v(id, pos) where ${users.id} = v.id`,
    );
    await writeAudit(
      { actorId: input.actor.id, action: "user.hr_order", entity: "user", after: { ids }, requestId: input.requestId },
      tx,
    );
  });
}
