import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { FORM_DEPARTMENT_ID } from "@/lib/forms/locations";
import { formKeyOf } from "@/lib/forms/form-keys";
import { mayChangeMapping } from "./columns";
import { APPROVER_MESSAGE, MAPPER_MESSAGES, type MappingValues } from "./schemas";
import { roleCan, rolesWith } from "@/lib/auth/roles";
import { findDuplicateMappings } from "./queries";

const m = schema.formEmailMappings;
const { locations } = schema;

/**
 * Adds mappings (one row per location) or updates one (its location becomes the first chosen; more
 * locations add rows). A form x location that is already mapped is a 409 with the duplicate check's
 * message; an unknown location a 422. A closed mapping is changed only by an administrator, and only
 * an administrator sets the status. One audit row per row written.
 */
export async function saveMappings(
  v: MappingValues,
  user: SessionUser,
  requestId?: string | null,
): Promise<{ ids: number[] }> {
  const formKey = formKeyOf(v.formId);
  if (!formKey) throw new AppError(422, MAPPER_MESSAGES.form, { formId: [MAPPER_MESSAGES.form] });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const known = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.id, v.locationIds), eq(locations.departmentId, FORM_DEPARTMENT_ID)));
    if (known.length !== v.locationIds.length)
      throw new AppError(422, MAPPER_MESSAGES.location, { locationIds: [MAPPER_MESSAGES.location] });
    const duplicate = await findDuplicateMappings(tx, {
      formKeys: [formKey],
      locationIds: v.locationIds,
      editId: v.id,
    });
    if (duplicate) throw new AppError(409, duplicate, { locationIds: [duplicate] });
    if (v.approverIds?.length) {
      const ok = await tx
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(
          and(inArray(schema.users.id, v.approverIds), inArray(schema.users.roleId, [...rolesWith("decideRequests")])),
        );
      if (ok.length !== v.approverIds.length)
        throw new AppError(422, APPROVER_MESSAGE, { approverIds: [APPROVER_MESSAGE] });
    }
    const status = roleCan(user.roleId, "manageClosedMappings") ? v.status : undefined;
    const common = { formKey, toEmails: v.to, ccEmails: v.cc, updatedBy: user.id };
    const ids: number[] = [];
    let rest = v.locationIds;
    if (v.id) {
      const [existing] = await tx.select().from(m).where(eq(m.id, v.id)).for("update");
      if (!existing) throw new AppError(404, "No such form email mapping.");
      if (!mayChangeMapping(existing, user.roleId))
        throw new AppError(403, "This mapping is closed: only an administrator can change it.");
      await tx
        .update(m)
        .set({ ...common, locationId: v.locationIds[0], ...(status ? { status } : {}) })
        .where(eq(m.id, v.id));
      await writeAudit(
        {
          actorId: user.id,
          action: "update",
          entity: "form-email-mapping",
          entityId: v.id,
          before: existing,
          after: { ...common, locationId: v.locationIds[0] },
          requestId,
        },
        tx,
      );
      ids.push(v.id);
      rest = v.locationIds.slice(1);
    }
    if (rest.length) {
      const inserted = await tx
        .insert(m)
        .values(
          rest.map((locationId) => ({ ...common, locationId, createdBy: user.id, ...(status ? { status } : {}) })),
        )
        .returning({ id: m.id });
      for (const r of inserted)
        await writeAudit(
          {
            actorId: user.id,
            action: "create",
            entity: "form-email-mapping",
            entityId: r.id,
            after: common,
            requestId,
          },
          tx,
        );
      ids.push(...inserted.map((r) => r.id));
    }
    if (v.approverIds) {
      const a = schema.formMappingApprovers;
      await tx.delete(a).where(inArray(a.mappingId, ids));
      const rows = ids.flatMap((mappingId) => v.approverIds!.map((userId) => ({ mappingId, userId })));
      if (rows.length) await tx.insert(a).values(rows);
      for (const id of ids)
        await writeAudit(
          {
            actorId: user.id,
            action: "set-approvers",
            entity: "form-email-mapping",
            entityId: id,
            after: { approverIds: v.approverIds },
            requestId,
          },
          tx,
        );
    }
    return { ids };
  });
}

/** Deletes mappings; a closed one only by an administrator (403). One audit row each. */
export async function deleteMappings(input: {
  ids: number[];
  user: SessionUser;
  requestId?: string | null;
}): Promise<{ deleted: number[] }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(m).where(inArray(m.id, input.ids)).for("update");
    if (!rows.length) throw new AppError(404, "No such record.");
    if (rows.some((r) => !mayChangeMapping(r, input.user.roleId)))
      throw new AppError(403, "A closed mapping can only be deleted by an administrator.");
    await tx.delete(m).where(
      inArray(
        m.id,
        rows.map((r) => r.id),
      ),
    );
    for (const r of rows)
      await writeAudit(
        {
          actorId: input.user.id,
          action: "delete",
          entity: "form-email-mapping",
          entityId: r.id,
          before: r,
          requestId: input.requestId,
        },
        tx,
      );
    return { deleted: rows.map((r) => r.id) };
  });
}
