/** The audit helper writes who, what, when, before and after; inside a transaction it shares its fate. */
import { describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { userIdOf } from "@/test/auth";
import { schema } from "@/lib/db";
import { writeAudit } from "@/lib/system/audit";

const t = setupTestDatabase();

describe("writeAudit", () => {
  it("writes one row with the actor, action, entity and before/after", async () => {
    const actorId = await userIdOf(t.db(), "admin");
    const started = Date.now();
    await writeAudit({
      actorId,
      action: "update",
      entity: "user",
      entityId: 42,
      before: { roleId: 3 },
      after: { roleId: 1, note: "promoted" },
      requestId: "req-1",
    });
    const [row] = await t.db().select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
    expect(row).toMatchObject({
      actorId,
      action: "update",
      entity: "user",
      entityId: "42",
      before: { roleId: 3 },
      after: { roleId: 1, note: "promoted" },
      requestId: "req-1",
    });
    expect(row.createdAt.getTime()).toBeGreaterThan(started - 60_000);
  });

  it("records system changes without an actor and without before/after", async () => {
    await writeAudit({ actorId: null, action: "seed", entity: "system" });
    const [row] = await t.db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "seed"));
    expect(row).toMatchObject({ actorId: null, entityId: null, before: null, after: null });
  });

  it("is rolled back with the change when written in its transaction", async () => {
    await expect(
      t.db().transaction(async (tx) => {
        await writeAudit({ actorId: null, action: "delete", entity: "menu", entityId: "7" }, tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await t.db().select().from(schema.auditLog).where(eq(schema.auditLog.action, "delete"))).toEqual([]);
  });
});
