import { z } from "zod";
import { text } from "@/lib/validation/text";
import { DEFAULT_PAGE_SIZE, FILTER_MAX, PAGE_MAX, type TableSort, type TableState } from "@/lib/data-table/state";

/** Ids of a selection or a delete: at most 500 at a time (the largest page). */
export const recordIds = z
  .array(z.coerce.number().int().positive().max(2_147_483_647))
  .max(500, "At most 500 records at a time.");

const sortItem = z.object({
  field: text().max(60),
  type: z.enum(["asc", "desc", "none", "ASC", "DESC", ""]).optional(),
});
const truthy = (v: unknown) =>
  !(v === undefined || v === null || v === false || v === 0 || v === "" || v === "0" || v === "false");

/**
 * The body of a staff-form list call (POST `.../list`): `page`, `perPage`, `filters` ({ column: value }),
 * `sort` ({ field, type } or a list; the first counts), `is_export` (truthy: a download link instead of
 * rows; "xlsx" for a workbook, else CSV) and `ids` (export only these). `aliases` maps the old
 * portal's field names onto the list's column ids. Column and range checks happen in assertTableState.
 */
export function formListBody(opts: {
  defaultSort: TableSort;
  aliases?: Record<string, string>;
  extra?: z.ZodRawShape;
}) {
  const field = (name: string) => opts.aliases?.[name] ?? name;
  return z
    .object({
      page: z.coerce.number().int().min(1, "The page must be a whole number of 1 or more.").max(PAGE_MAX).default(1),
      perPage: z.coerce.number().int().default(DEFAULT_PAGE_SIZE),
      filters: z.record(text().max(60), z.union([text().max(FILTER_MAX), z.number()]).nullable()).default({}),
      sort: z.union([sortItem, z.array(sortItem).max(5)]).optional(),
      is_export: z.union([z.boolean(), z.number(), text().max(10)]).optional(),
      ids: recordIds.optional(),
      ...(opts.extra ?? {}),
    })
    .transform((b) => {
      const s = Array.isArray(b.sort) ? b.sort[0] : b.sort;
      const type = s?.type?.toLowerCase();
      const sort =
        s && s.field && type && type !== "none" ? { id: field(s.field), desc: type === "desc" } : opts.defaultSort;
      const filters: Record<string, string> = {};
      for (const [k, v] of Object.entries(b.filters))
        if (v != null && String(v).trim() !== "" && String(v).trim() !== "NULL") filters[field(k)] = String(v).trim();
      const exportAs = truthy(b.is_export) ? (b.is_export === "xlsx" ? "xlsx" : "csv") : null;
      const state: TableState = { page: b.page, size: b.perPage as TableState["size"], sort, filters };
      return { state, exportAs: exportAs as "csv" | "xlsx" | null, ids: b.ids, raw: b };
    });
}

/** DELETE `.../delete`: `deleteArr`, the ids to delete. */
export const deleteRecordsBody = z.object({ deleteArr: recordIds.min(1, "Select at least one record.") });

/** GET `.../get`: `id`. */
export const recordIdQuery = z.object({
  id: z.coerce
    .number({ error: "The id must be a number." })
    .int("The id must be a number.")
    .positive("The id must be a number.")
    .max(2_147_483_647),
});

/** The payload of a signed export link (lib/forms/list.ts). */
export const formExportPayload = z.object({
  u: z.number().int(),
  f: z.enum(["csv", "xlsx"]),
  q: z.record(text(), text()),
  o: z.object({ id: text(), desc: z.boolean() }),
  i: recordIds.optional(),
});
export type FormExportPayload = z.infer<typeof formExportPayload>;
