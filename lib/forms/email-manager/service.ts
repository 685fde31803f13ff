import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import { contains } from "@/lib/data-table/query";
import { AppError } from "@/lib/errors";
import type { SessionUser } from "@/lib/auth/session";
import { writeAudit } from "@/lib/system/audit";
import { defineList } from "@/lib/data-table/list-definition";
import { FORM_DEPARTMENT_ID } from "@/lib/forms/locations";
import { FORM_KEYS, FORM_LABELS, formIdOf, formKeyOf, type FormKey } from "@/lib/forms/form-keys";
import { MAPPER_DEFAULT_SORT, mapperLabel, mayChangeMapping, type MappingRow } from "./columns";
import { APPROVER_MESSAGE, MAPPER_MESSAGES, type MappingValues } from "./schema";
import { ROLE } from "@/lib/auth/roles";

const m = schema.formEmailMappings;
const updater = alias(schema.users, "updater");
const { locations } = schema;

const rowColumns = {
  id: m.id,
  formKey: m.formKey,
  locationId: m.locationId,
  locationName: locations.name,
  toEmails: m.toEmails,
  ccEmails: m.ccEmails,
  status: m.status,
  updatedByName: sql<string | null>`nullif(trim(${updater.firstName} || ' ' || ${updater.lastName}), '')`,
  updatedAt: m.updatedAt,
};
const joined = (db: Db | Tx, cols: Record<string, unknown>) =>
  db
    .select(cols as never)
    .from(m)
    .innerJoin(locations, eq(locations.id, m.locationId))
    .leftJoin(updater, eq(updater.id, m.updatedBy));

/** The mapper list, per form (the 'Request Options' picker is the `form` filter: a form id). */
export const mappingList = defineList<MappingRow>({
  kind: "form-email-mapping",
  table: m,
  id: m.id,
  query: {
    columns: {
      id: { sort: [] },
      form: { filter: { kind: "id", where: (v) => eq(m.formKey, formKeyOf(Number(v)) ?? FORM_KEYS[0]) } },
      location: { sort: [sql`lower(${locations.name})`] },
      to_email: {
        sort: [sql`array_to_string(${m.toEmails}, ',')`],
        filter: contains(sql`array_to_string(${m.toEmails}, ',')`),
      },
      cc_email: {
        sort: [sql`array_to_string(${m.ccEmails}, ',')`],
        filter: contains(sql`array_to_string(${m.ccEmails}, ',')`),
      },
      status: { sort: [m.status] },
      updated_by: { sort: [sql`lower(${updater.firstName})`, sql`lower(${updater.lastName})`] },
      updated_at: { sort: [m.updatedAt] },
    },
    tiebreak: m.id,
    defaultSort: MAPPER_DEFAULT_SORT,
  },
  columns: rowColumns,
  from: joined,
  joinedSorts: ["location", "updated_by"],
  export: {
    path: "/api/export/form-email-mappings",
    sheetName: "Form Email Mappings",
    filePrefix: "form-email-mappings",
    columns: [
      { header: "Form", value: (x) => FORM_LABELS[x.formKey as FormKey] },
      { header: mapperLabel("location"), value: (x) => x.locationName },
      { header: mapperLabel("to_email"), value: (x) => x.toEmails.join(", ") },
      { header: mapperLabel("cc_email"), value: (x) => x.ccEmails.join(", ") },
      { header: mapperLabel("status"), value: (x) => x.status },
      { header: mapperLabel("updated_by"), value: (x) => x.updatedByName },
      { header: mapperLabel("updated_at"), value: (x) => x.updatedAt },
    ],
  },
});

export async function getMapping(id: number): Promise<MappingRow> {
  const db = await getDb();
  const [row] = (await joined(db, rowColumns).where(eq(m.id, id)).limit(1)) as MappingRow[];
  if (!row) throw new AppError(404, "No such form email mapping.");
  return row;
}

/**
 * The mappings that already exist for these forms and locations (other than `editId`), as the
 * duplicate check's message: null when there are none.
 */
export async function findDuplicateMappings(
  tx: Db | Tx,
  input: { formKeys: FormKey[]; locationIds: number[]; editId?: number | null },
): Promise<string | null> {
  if (!input.formKeys.length || !input.locationIds.length) return null;
  const rows = (await joined(tx, { formKey: m.formKey, locationName: locations.name })
    .where(
      and(
        inArray(m.formKey, input.formKeys),
        inArray(m.locationId, input.locationIds),
        input.editId ? ne(m.id, input.editId) : undefined,
      ),
    )
    .orderBy(locations.name)) as { formKey: FormKey; locationName: string }[];
  if (!rows.length) return null;
  const byForm = new Map<FormKey, string[]>();
  for (const r of rows) byForm.set(r.formKey, [...(byForm.get(r.formKey) ?? []), r.locationName]);
  return [...byForm].map(([k, names]) => `${FORM_LABELS[k]} is already mapped for ${names.join(", ")}.`).join(" ");
}

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
          and(
            inArray(schema.users.id, v.approverIds),
            inArray(schema.users.roleId, [ROLE.admin, ROLE.calendarManager]),
          ),
        );
      if (ok.length !== v.approverIds.length)
        throw new AppError(422, APPROVER_MESSAGE, { approverIds: [APPROVER_MESSAGE] });
    }
    const status = user.roleId === 1 ? v.status : undefined;
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

/** The users the mapping names its approvers (ids), for the edit form and the get call. */
export async function listMappingApproverIds(mappingId: number): Promise<number[]> {
  const db = await getDb();
  const a = schema.formMappingApprovers;
  const rows = await db.select({ userId: a.userId }).from(a).where(eq(a.mappingId, mappingId)).orderBy(a.userId);
  return rows.map((r) => r.userId);
}

/** Who can be picked as an approver: active administrators and managers (roles 1 and 2), by name. */
export async function listApproverCandidates(): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  const u = schema.users;
  const rows = await db
    .select({ id: u.id, first: u.firstName, last: u.lastName, username: u.username })
    .from(u)
    .where(and(inArray(u.roleId, [ROLE.admin, ROLE.calendarManager]), eq(u.status, "active")))
    .orderBy(u.firstName, u.lastName, u.id);
  return rows.map((r) => ({ id: r.id, name: [r.first, r.last].filter(Boolean).join(" ") || r.username }));
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

/** A row with the v1 payload's names (comma-separated addresses). */
export function toApiMapping(x: MappingRow) {
  const formKey = x.formKey as FormKey;
  return {
    id: x.id,
    form_id: formIdOf(formKey),
    formName: FORM_LABELS[formKey],
    department: FORM_DEPARTMENT_ID,
    location: String(x.locationId),
    location_id: String(x.locationId),
    locationName: x.locationName,
    location_name: x.locationName,
    to_email: x.toEmails.join(","),
    cc_email: x.ccEmails.join(","),
    status: x.status,
    updated_by: x.updatedByName,
    updated_at: x.updatedAt.toISOString(),
  };
}
