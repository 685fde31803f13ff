/**
 * The staff-form lists delete through server actions (each form's lib/forms/<form>/actions.ts, made by
 * lib/data-table/delete-action.ts): the access, body and function of each v1 delete call
 * (ro-reversal-request/delete, continuous/improvement/suggestions/delete, form/mapper/delete), so the same
 * rows go with the same audit entries; a refused role writes nothing.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { schema } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";
import { DELETE as roDelete } from "@/app/api/v1/ro-reversal-request/delete/route";
import { DELETE as suggestionDelete } from "@/app/api/v1/continuous/improvement/suggestions/delete/route";
import { DELETE as mapperDelete } from "@/app/api/v1/form/mapper/delete/route";
import { setupTestDatabase } from "@/test/db";
import { actors, call } from "@/test/content/helpers";

const signedIn = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("next/headers", () => import("@/test/mock-next-headers"));
vi.mock("@/lib/auth/guards", async (importOriginal) => {
  const mod = await importOriginal<typeof import("@/lib/auth/guards")>();
  return { ...mod, getCurrentUser: async () => signedIn.user };
});

const { deleteRoReversalsAction } = await import("@/lib/forms/ro-reversal/actions");
const { deleteSuggestionsAction } = await import("@/lib/forms/suggestions/actions");
const { deleteMappingsAction } = await import("@/lib/forms/email-manager/actions");

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;
let locationId: number;
const DONE = "You successfully deleted the record(s).";

beforeAll(async () => {
  who = await actors(t.db());
  [{ id: locationId }] = await t.db().select({ id: schema.locations.id }).from(schema.locations).limit(1);
});
beforeEach(() => {
  signedIn.user = who.admin.user;
});

const addRoReversal = async (createdBy: number) =>
  (
    await t
      .db()
      .insert(schema.roReversals)
      .values({
        employeeName: "Pat",
        dateOfRequest: "2026-01-02",
        fullRa: "RA-1",
        dateRaClosed: "2026-01-01",
        reason: "Because",
        locationId,
        createdBy,
      })
      .returning({ id: schema.roReversals.id })
  )[0].id;
const addSuggestion = async (createdBy: number) =>
  (
    await t
      .db()
      .insert(schema.improvementSuggestions)
      .values({ name: "Pat", date: "2026-01-02", locationId, locationName: "Here", email: "p@example.com", createdBy })
      .returning({ id: schema.improvementSuggestions.id })
  )[0].id;
/** A mapping at a location that has none for the form yet (one per form and location). */
const addMapping = async () => {
  const m = schema.formEmailMappings;
  const [free] = await t
    .db()
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .where(sql`${schema.locations.id} not in (select ${m.locationId} from ${m} where ${m.formKey} = 'ro_reversal')`)
    .limit(1);
  const [row] = await t
    .db()
    .insert(m)
    .values({ formKey: "ro_reversal", locationId: free.id, toEmails: ["to@example.com"] })
    .returning({ id: m.id });
  return row.id;
};
type Table = typeof schema.roReversals | typeof schema.improvementSuggestions | typeof schema.formEmailMappings;
const left = async (table: Table, ids: number[]) =>
  (await t.db().select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();
const deleteAudits = async (entity: string, ids: number[]) =>
  await t
    .db()
    .select({ entity: schema.auditLog.entity, actorId: schema.auditLog.actorId })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.entity, entity),
        eq(schema.auditLog.action, "delete"),
        inArray(schema.auditLog.entityId, ids.map(String)),
      ),
    );
const auditCount = async () =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.auditLog)
  )[0].n;
const v1Delete = (handler: typeof roDelete, path: string, token: string, ids: number[]) =>
  call(handler, path, { method: "DELETE", token, body: { deleteArr: ids } });

describe("RO reversal requests (roles 1 and 2)", () => {
  it("the manager deletes like ro-reversal-request/delete", async () => {
    const viaV1 = await addRoReversal(who.staff.user.id);
    const viaAction = await addRoReversal(who.staff.user.id);
    const v1 = await v1Delete(roDelete, "/api/v1/ro-reversal-request/delete", who.manager.token, [viaV1]);
    expect(v1.status).toBe(200);
    signedIn.user = who.manager.user;
    expect(await deleteRoReversalsAction({ deleteArr: [viaAction] })).toEqual({
      ok: true,
      data: { deleted: [viaAction] },
      message: DONE,
    });
    expect(await left(schema.roReversals, [viaV1, viaAction])).toEqual([]);
    expect(await deleteAudits("ro-reversal", [viaAction])).toEqual(await deleteAudits("ro-reversal", [viaV1]));
    expect(await deleteAudits("ro-reversal", [viaAction])).toEqual([
      { entity: "ro-reversal", actorId: who.manager.user.id },
    ]);
    expect(await deleteRoReversalsAction({ deleteArr: [viaAction] })).toMatchObject({ ok: false, status: 404 });
    expect(await deleteRoReversalsAction({ deleteArr: [] })).toMatchObject({ ok: false, status: 422 });
  });

  it("refuses staff, even for their own, and writes nothing", async () => {
    const own = await addRoReversal(who.staff.user.id);
    const audits = await auditCount();
    signedIn.user = who.staff.user;
    expect(await deleteRoReversalsAction({ deleteArr: [own] })).toMatchObject({ ok: false, status: 403 });
    expect(await left(schema.roReversals, [own])).toEqual([own]);
    expect(await auditCount()).toBe(audits);
  });
});

describe("improvement suggestions (roles 1 and 2 any, others their own)", () => {
  it("staff delete their own like suggestions/delete", async () => {
    const viaV1 = await addSuggestion(who.staff.user.id);
    const viaAction = await addSuggestion(who.staff.user.id);
    const path = "/api/v1/continuous/improvement/suggestions/delete";
    expect((await v1Delete(suggestionDelete, path, who.staff.token, [viaV1])).status).toBe(200);
    signedIn.user = who.staff.user;
    expect(await deleteSuggestionsAction({ deleteArr: [viaAction] })).toEqual({
      ok: true,
      data: { deleted: [viaAction] },
      message: DONE,
    });
    expect(await left(schema.improvementSuggestions, [viaV1, viaAction])).toEqual([]);
    expect(await deleteAudits("improvement-suggestions", [viaAction])).toEqual(
      await deleteAudits("improvement-suggestions", [viaV1]),
    );
    expect(await deleteAudits("improvement-suggestions", [viaAction])).toHaveLength(1);
  });

  it("refuses staff someone else's (as if it did not exist) and writes nothing; the manager may", async () => {
    const theirs = await addSuggestion(who.manager.user.id);
    const path = "/api/v1/continuous/improvement/suggestions/delete";
    const audits = await auditCount();
    const v1 = await v1Delete(suggestionDelete, path, who.staff.token, [theirs]);
    signedIn.user = who.staff.user;
    const res = await deleteSuggestionsAction({ deleteArr: [theirs] });
    expect(res).toMatchObject({ ok: false, status: v1.status, message: (v1.json as { message: string }).message });
    expect(v1.status).toBe(404);
    expect(await left(schema.improvementSuggestions, [theirs])).toEqual([theirs]);
    expect(await auditCount()).toBe(audits);
    signedIn.user = who.manager.user;
    expect(await deleteSuggestionsAction({ deleteArr: [theirs] })).toMatchObject({ ok: true });
  });
});

describe("form e-mail mappings (permission access_form_email_manager)", () => {
  it("the administrator deletes like form/mapper/delete", async () => {
    const viaV1 = await addMapping();
    const viaAction = await addMapping();
    const v1 = await v1Delete(mapperDelete, "/api/v1/form/mapper/delete", who.admin.token, [viaV1]);
    expect(v1.status).toBe(200);
    expect(await deleteMappingsAction({ deleteArr: [viaAction] })).toEqual({
      ok: true,
      data: { deleted: [viaAction] },
      message: DONE,
    });
    expect(await left(schema.formEmailMappings, [viaV1, viaAction])).toEqual([]);
    expect(await deleteAudits("form-email-mapping", [viaAction])).toEqual(
      await deleteAudits("form-email-mapping", [viaV1]),
    );
    expect(await deleteAudits("form-email-mapping", [viaAction])).toHaveLength(1);
  });

  it.each(["manager", "staff"] as const)("refuses the %s (without the permission) and writes nothing", async (name) => {
    const kept = await addMapping();
    const audits = await auditCount();
    signedIn.user = who[name].user;
    expect(await deleteMappingsAction({ deleteArr: [kept] })).toMatchObject({ ok: false, status: 403 });
    expect(await left(schema.formEmailMappings, [kept])).toEqual([kept]);
    expect(await auditCount()).toBe(audits);
  });
});
