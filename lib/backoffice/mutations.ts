import "server-only";
import { and, eq, ne, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { bumpCalendarStamp } from "@/lib/calendar/cache";
import { COLOR_OPTION, type ColorOptionKind, type ColorOptionRow } from "./color-options";
import { columnsOf, listAllColorOptions, tableOf } from "./queries";

/** Keys colour the calendar's cached windows: a change to one must drop them (lib/calendar/cache.ts). */
async function afterChange(kind: ColorOptionKind, tx: Tx) {
  if (kind === "key") await bumpCalendarStamp(tx);
}

/** Whether `err` (or what it wraps: Drizzle wraps the driver's error) is PostgreSQL's unique violation. */
function isUniqueViolation(err: unknown): boolean {
  for (let e = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Adds (no id) or updates a key or group, audited, in one transaction. A missing id is a 404; a name
 * another key (or group) has, in any letter case, is a 422 on the name field. The unique index on
 * lower(name) decides between two saves at the same moment; the check before it gives the message.
 */
export async function saveColorOption(
  kind: ColorOptionKind,
  input: { id?: number; name: string; colorCode: string },
  actor: { id: number; requestId?: string | null },
): Promise<{ row: ColorOptionRow; created: boolean; message: string }> {
  const db = await getDb();
  const t = tableOf(kind);
  const texts = COLOR_OPTION[kind];
  const message = texts.duplicate(input.name);
  const duplicate = () => new AppError(422, message, { [texts.nameField]: [message] });
  const save = db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(sql`lower(${t.name}) = lower(${input.name})`, input.id ? ne(t.id, input.id) : undefined))
      .limit(1);
    if (taken) throw duplicate();
    if (input.id) {
      const [before] = await tx.select(columnsOf(kind)).from(t).where(eq(t.id, input.id)).for("update");
      if (!before) throw new AppError(404, texts.notFound);
      const [row] = await tx
        .update(t)
        .set({ name: input.name, colorCode: input.colorCode, updatedBy: actor.id })
        .where(eq(t.id, input.id))
        .returning(columnsOf(kind));
      await afterChange(kind, tx);
      await writeAudit(
        {
          actorId: actor.id,
          action: "update",
          entity: texts.entity,
          entityId: row.id,
          before,
          after: row,
          requestId: actor.requestId,
        },
        tx,
      );
      return { row, created: false, message: texts.updated };
    }
    const [row] = await tx
      .insert(t)
      .values({ name: input.name, colorCode: input.colorCode, createdBy: actor.id, updatedBy: actor.id })
      .returning(columnsOf(kind));
    await afterChange(kind, tx);
    await writeAudit(
      {
        actorId: actor.id,
        action: "create",
        entity: texts.entity,
        entityId: row.id,
        after: row,
        requestId: actor.requestId,
      },
      tx,
    );
    return { row, created: true, message: texts.saved };
  });
  try {
    return await save;
  } catch (err) {
    throw isUniqueViolation(err) ? duplicate() : err;
  }
}

/**
 * Active to inactive and back. An inactive key or group leaves the pickers (they ask for active ones)
 * but the events and attachments that use it keep it, and so their colour. Answers every row.
 */
export async function toggleColorOptionStatus(
  kind: ColorOptionKind,
  id: number,
  actor: { id: number; requestId?: string | null },
): Promise<ColorOptionRow[]> {
  const db = await getDb();
  const t = tableOf(kind);
  const texts = COLOR_OPTION[kind];
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columnsOf(kind)).from(t).where(eq(t.id, id)).for("update");
    if (!before) throw new AppError(404, texts.notFound);
    const status = before.status === "active" ? "inactive" : "active";
    await tx.update(t).set({ status, updatedBy: actor.id }).where(eq(t.id, id));
    await afterChange(kind, tx);
    await writeAudit(
      {
        actorId: actor.id,
        action: "status",
        entity: texts.entity,
        entityId: id,
        before: { status: before.status },
        after: { status },
        requestId: actor.requestId,
      },
      tx,
    );
    return listAllColorOptions(kind, tx);
  });
}
