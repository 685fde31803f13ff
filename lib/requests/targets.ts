import "server-only";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { writeAudit } from "@/lib/system/audit";
import { dueAt } from "./deadlines";
import { REQUEST_TABLES } from "@/lib/forms/registry-server";

/** Each form's target in working days (0: none). */
export async function getRequestTargets(db?: Db | Tx): Promise<Record<FormKey, number>> {
  const d = db ?? (await getDb());
  const rows = await d.select().from(schema.requestTargets);
  const out = Object.fromEntries(FORM_KEYS.map((k) => [k, 0])) as Record<FormKey, number>;
  for (const r of rows) out[r.formKey] = r.workingDays;
  return out;
}

/** Stamps a request's due time from `from` (its submission, or the requester's answer) and the form's target. */
export async function stampDueAt(tx: Db | Tx, form: FormKey, id: number, from: Date): Promise<void> {
  const [target] = await tx
    .select({ days: schema.requestTargets.workingDays })
    .from(schema.requestTargets)
    .where(eq(schema.requestTargets.formKey, form))
    .limit(1);
  const t = REQUEST_TABLES[form];
  await tx
    .update(t)
    .set({ dueAt: target ? dueAt(from, target.days) : null } as never)
    .where(eq(t.id, id));
}

/**
 * Sets the forms' targets (administrators; the caller guards) and re-stamps the due time of every request
 * still waiting for an approver, from when it last became 'submitted' (its status_changed_at).
 */
export async function saveRequestTargets(
  targets: Partial<Record<FormKey, number>>,
  user: SessionUser,
  requestId?: string | null,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [form, days] of Object.entries(targets) as [FormKey, number][]) {
      await tx
        .insert(schema.requestTargets)
        .values({ formKey: form, workingDays: days, updatedBy: user.id })
        .onConflictDoUpdate({
          target: schema.requestTargets.formKey,
          set: { workingDays: days, updatedBy: user.id, updatedAt: new Date() },
        });
      const t = REQUEST_TABLES[form];
      const open = await tx
        .select({ id: t.id, from: t.statusChangedAt })
        .from(t)
        .where(inArray(t.status, ["submitted", "under_review"]));
      for (let i = 0; i < open.length; i += 5000) {
        const chunk = open.slice(i, i + 5000);
        // One statement per chunk; the pairs go as one JSON text (an array parameter cannot carry NULLs here).
        const pairs = JSON.stringify(chunk.map((r) => [r.id, dueAt(r.from, days)?.toISOString() ?? null]));
        await tx.execute(
          sql`update ${t} set due_at = (v.x->>1)::timestamptz from jsonb_array_elements(${pairs}::jsonb) as v(x) where ${t.id} = (v.x->>0)::int`,
        );
      }
      await writeAudit(
        {
          actorId: user.id,
          action: "set-target",
          entity: "request-target",
          entityId: form,
          after: { workingDays: days },
          requestId,
        },
        tx,
      );
    }
  });
}

/** An SQL condition: the request waits for an approver past its due time. */
export const overdueWhere = (t: (typeof REQUEST_TABLES)[FormKey]) =>
  and(inArray(t.status, ["submitted", "under_review"]), isNotNull(t.dueAt), sql`${t.dueAt} < now()`);
