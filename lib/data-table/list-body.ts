import { z } from "zod";
import { text } from "@/lib/validation/text";
import { DEFAULT_PAGE_SIZE, FILTER_MAX, PAGE_MAX, type TableSort, type TableState } from "@/lib/data-table/state";
import { idListSchema, idSchema } from "@/lib/validation/id";

/** Ids of a selection or a delete: at most 500 at a time (the largest page); `noun` names them in the message. */
export function recordIdList(noun = "records") {
  return idListSchema(500, `At most 500 ${noun} at a time.`);
}
export const recordIds = recordIdList();

const sortItem = z.object({
  field: text().max(60),
  type: z.enum(["asc", "desc", "none", "ASC", "DESC", ""]).optional(),
});
const truthy = (v: unknown) =>
  !(v === undefined || v === null || v === false || v === 0 || v === "" || v === "0" || v === "false");

/**
 * A v1 `filters` object to the list's filter state: `aliases` translate the old portal's column names,
 * empty values are dropped (and the text "NULL" unless `keepNullText`).
 */
export function listFilters(
  raw: Record<string, string | number | null>,
  aliases?: Record<string, string>,
  keepNullText = false,
): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const value = v == null ? "" : String(v).trim();
    if (value !== "" && (keepNullText || value !== "NULL")) filters[aliases?.[k] ?? k] = value;
  }
  return filters;
}

/**
 * The body of a list call (POST `.../list`): `page`, `perPage`, `filters` ({ column: value }),
 * `sort` ({ field, type } or a list; the first counts), the export flag (`is_export` unless
 * `exportField` names another; truthy: a download link instead of rows; "xlsx" for a workbook, else
 * CSV) and the selection (`ids` unless `idsField`; export only these). `aliases` maps the old portal's
 * field names onto the list's column ids. Column and range checks happen in assertTableState.
 */
export function listCallBody(opts: {
  defaultSort: TableSort;
  aliases?: Record<string, string>;
  extra?: z.ZodRawShape;
  exportField?: string;
  idsField?: string;
  /** The selection's noun in its size message ("records"). */
  idsNoun?: string;
  /** Keep a filter whose value is the text "NULL" (the user list does). */
  keepNullText?: boolean;
}) {
  const field = (name: string) => opts.aliases?.[name] ?? name;
  const exportField = opts.exportField ?? "is_export";
  const idsField = opts.idsField ?? "ids";
  // Their names vary by list, so their types are read below (`named`).
  const flagAndSelection: Record<never, z.ZodType> = {
    [exportField]: z.union([z.boolean(), z.number(), text().max(10)]).optional(),
    [idsField]: recordIdList(opts.idsNoun).optional(),
  };
  return z
    .object({
      page: z.coerce.number().int().min(1, "The page must be a whole number of 1 or more.").max(PAGE_MAX).default(1),
      perPage: z.coerce.number().int().default(DEFAULT_PAGE_SIZE),
      filters: z.record(text().max(60), z.union([text().max(FILTER_MAX), z.number()]).nullable()).default({}),
      sort: z.union([sortItem, z.array(sortItem).max(5)]).optional(),
      ...flagAndSelection,
      ...(opts.extra ?? {}),
    })
    .transform((b) => {
      const s = Array.isArray(b.sort) ? b.sort[0] : b.sort;
      const type = s?.type?.toLowerCase();
      const sort =
        s && s.field && type && type !== "none" ? { id: field(s.field), desc: type === "desc" } : opts.defaultSort;
      const filters = listFilters(b.filters, opts.aliases, opts.keepNullText);
      const named = b as Record<string, unknown>;
      const flag = named[exportField];
      const exportAs = truthy(flag) ? (flag === "xlsx" ? "xlsx" : "csv") : null;
      const state: TableState = { page: b.page, size: b.perPage as TableState["size"], sort, filters };
      return {
        state,
        exportAs: exportAs as "csv" | "xlsx" | null,
        ids: named[idsField] as number[] | undefined,
        raw: b,
      };
    });
}

/** DELETE `.../delete`: `deleteArr`, the ids to delete. */
export const deleteRecordsBody = z.object({ deleteArr: recordIds.min(1, "Select at least one record.") });

/** GET `.../get`: `id`. */
export const recordIdQuery = z.object({
  id: idSchema("The id must be a number."),
});

/** The payload of a signed export link (lib/data-table/list-definition.ts). */
export const listExportPayload = z.object({
  u: z.number().int(),
  f: z.enum(["csv", "xlsx"]),
  q: z.record(text(), text()),
  o: z.object({ id: text(), desc: z.boolean() }),
  i: recordIds.optional(),
});
export type ListExportPayload = z.infer<typeof listExportPayload>;
