import "server-only";
import { and, inArray, isNull } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { USER_DELETE_TEXTS } from "./columns";

/**
 * Deletes users the way a company directory must: the account is deactivated (`deleted_at`, status
 * disabled), every session and API token of theirs is revoked, and the row stays, so the posts,
 * events and files they wrote keep their author's name. Nobody can delete themselves (422). Ids that
 * do not exist or are already deleted are skipped; none left is a 404. One audit row per user.
 */
export async function deleteUsers(input: { ids: number[]; actorId: number; requestId?: string | null }): Promise<{ deleted: number[] }> {
  const ids = [...new Set(input.ids)];
  if (ids.includes(input.actorId)) throw new AppError(422, USER_DELETE_TEXTS.self, { deleteArr: [USER_DELETE_TEXTS.self] });
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
      await writeAudit({ actorId: input.actorId, action: "delete", entity: "user", entityId: r.id, before: { username: r.username }, requestId: input.requestId }, tx);
    }
    return { deleted };
  });
}
