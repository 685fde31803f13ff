import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { contains, queryPage, specOf, type Page, type TableQuerySpec } from "@/lib/data-table/query";
import type { TableState } from "@/lib/data-table/state";
import { COLOR_OPTION, type ColorOptionKind, type ColorOptionRow } from "./color-options";
import { toId } from "@/lib/validation/id";

/** The table behind each kind (same columns: name, colorCode, status, createdBy, updatedBy). */
const TABLES = { key: schema.calendarKeys, group: schema.attachmentGroups } as const;

export function tableOf(kind: ColorOptionKind) {
  // Both tables have the same shape; typing them as one keeps the queries below written once.
  return TABLES[kind] as unknown as typeof schema.calendarKeys;
}

/** The list's query over its allow-list of columns (name filter; name, status and id sorts). */
export function colorOptionQuery(kind: ColorOptionKind): TableQuerySpec {
  const t = tableOf(kind);
  return {
    columns: {
      id: { sort: [] },
      name: { sort: [sql`lower(${t.name})`], filter: contains(t.name) },
      status: { sort: [t.status] },
    },
    tiebreak: t.id,
    defaultSort: { id: "id", desc: true },
  };
}

export const colorOptionTable = (kind: ColorOptionKind) => specOf(colorOptionQuery(kind));

export const columnsOf = (kind: ColorOptionKind) => {
  const t = tableOf(kind);
  return { id: t.id, name: t.name, colorCode: t.colorCode, status: t.status };
};

/** One page of keys or groups for the back-office list. */
export async function listColorOptionPage(kind: ColorOptionKind, state: TableState): Promise<Page<ColorOptionRow>> {
  const db = await getDb();
  const t = tableOf(kind);
  return queryPage<ColorOptionRow & { total: number }>(
    db,
    colorOptionQuery(kind),
    t,
    state,
    ({ where, orderBy, limit, offset, total }) =>
      db
        .select({ ...columnsOf(kind), total })
        .from(t)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
  );
}

/** Every key or group by name (what the toggle call answers: the refreshed list). */
export async function listAllColorOptions(kind: ColorOptionKind, tx?: Tx): Promise<ColorOptionRow[]> {
  const db = tx ?? (await getDb());
  const t = tableOf(kind);
  return db
    .select(columnsOf(kind))
    .from(t)
    .orderBy(sql`lower(${t.name})`, asc(t.id));
}

export async function getColorOption(kind: ColorOptionKind, id: number): Promise<ColorOptionRow | null> {
  const db = await getDb();
  const t = tableOf(kind);
  const [row] = await db.select(columnsOf(kind)).from(t).where(eq(t.id, id));
  return row ?? null;
}

/**
 * The stored values of the key or group an update's raw input names by `id` (none: null), in the v1
 * body's names (`api`: the name field, `color_code`) or the form's (`name`, `color`): what a field the
 * update leaves out keeps (docs/decisions.md, lib/validation/partial.ts).
 */
export function storedColorOption(kind: ColorOptionKind, names: "api" | "form") {
  return async (input: Record<string, unknown>): Promise<Record<string, unknown> | null> => {
    const id = toId(input.id);
    const row = id == null ? null : await getColorOption(kind, id);
    if (!row) return null;
    return names === "api"
      ? { id: row.id, [COLOR_OPTION[kind].nameField]: row.name, color_code: row.colorCode }
      : { id: row.id, name: row.name, color: row.colorCode };
  };
}
