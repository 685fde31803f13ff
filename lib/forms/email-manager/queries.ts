import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, schema, type Db, type Tx } from "@/lib/db";
import { contains } from "@/lib/data-table/query";
import { AppError } from "@/lib/errors";
import { defineList } from "@/lib/data-table/list-definition";
import { UPDATED_BY_SORT, updater, updaterName } from "@/lib/forms/submission-columns";
import { FORM_KEYS, FORM_LABELS, formIdOf, formKeyOf, type FormKey } from "@/lib/forms/form-keys";
import { toId } from "@/lib/validation/id";
import { MAPPER_DEFAULT_SORT, mapperLabel, type MappingRow } from "./columns";
import { rolesWith } from "@/lib/auth/roles";
import { personNameOrUsername } from "@/lib/users/display-name";

const m = schema.formEmailMappings;
const { locations } = schema;

const rowColumns = {
  id: m.id,
  formKey: m.formKey,
  locationId: m.locationId,
  locationName: locations.name,
  toEmails: m.toEmails,
  ccEmails: m.ccEmails,
  status: m.status,
  updatedByName: updaterName,
  updatedAt: m.updatedAt,
  approverNames: sql<string[]>`array(
    select ${personNameOrUsername({ firstName: sql`u.first_name`, lastName: sql`u.last_name`, username: sql`u.username` })}
    from ${schema.formMappingApprovers} a join ${schema.users} u on u.id = a.user_id
    where a.mapping_id = ${m.id} order by 1)`,
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
      updated_by: { sort: UPDATED_BY_SORT },
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
      { header: mapperLabel("approvers"), value: (x) => x.approverNames.join(", ") },
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

/** The users the mapping names its approvers (ids), for the edit form and the get call. */
export async function listMappingApproverIds(mappingId: number): Promise<number[]> {
  const db = await getDb();
  const a = schema.formMappingApprovers;
  const rows = await db.select({ userId: a.userId }).from(a).where(eq(a.mappingId, mappingId)).orderBy(a.userId);
  return rows.map((r) => r.userId);
}

/** Who can be picked as an approver: active users of the roles that decide requests, by name, with their role's name. */
export async function listApproverCandidates(): Promise<{ id: number; name: string; roleName: string }[]> {
  const db = await getDb();
  const u = schema.users;
  return db
    .select({ id: u.id, name: personNameOrUsername(u), roleName: schema.roles.name })
    .from(u)
    .innerJoin(schema.roles, eq(schema.roles.id, u.roleId))
    .where(and(inArray(u.roleId, [...rolesWith("decideRequests")]), eq(u.status, "active")))
    .orderBy(u.firstName, u.lastName, u.id);
}

/**
 * The mapping an update's raw input names by `id` (null: a new one, or none by that id), for the stored
 * values a field left out of the update keeps (docs/decisions.md, lib/validation/partial.ts); approvers and status
 * are kept by the save itself when left out.
 */
export async function storedMappingRow(input: Record<string, unknown>): Promise<MappingRow | null> {
  const id = toId(input.id);
  if (id == null) return null;
  const db = await getDb();
  const [row] = (await joined(db, rowColumns).where(eq(m.id, id)).limit(1)) as MappingRow[];
  return row ?? null;
}

/** A mapping in its form's names (the screen's save action). */
export async function storedMapping(input: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const row = await storedMappingRow(input);
  return (
    row && {
      id: row.id,
      formId: formIdOf(row.formKey as FormKey),
      locationIds: [row.locationId],
      to: row.toEmails,
      cc: row.ccEmails,
    }
  );
}
