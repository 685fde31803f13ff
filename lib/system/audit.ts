import { getDb, schema, type Tx } from "@/lib/db";

/** Writes one audit row (who, what, when, before/after). Pass `tx` to keep it in the change's transaction. */
export async function writeAudit(
  entry: {
    actorId: number | null;
    action: string;
    entity: string;
    entityId?: string | number | null;
    before?: unknown;
    after?: unknown;
    requestId?: string | null;
  },
  tx?: Tx,
) {
  const db = tx ?? (await getDb());
  await db.insert(schema.auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}
