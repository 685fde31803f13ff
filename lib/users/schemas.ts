import { z } from "zod";
import { text } from "@/lib/validation/text";
import { DEFAULT_PAGE_SIZE, FILTER_MAX, PAGE_MAX, type TableState } from "@/lib/data-table/state";
import { USER_DEFAULT_SORT } from "./columns";

/** The old portal's names for a few list columns, accepted as filter and sort fields. */
const FIELD_ALIASES: Record<string, string> = {
  role_id: "role",
  role_name: "role",
  location_id: "location",
  location_name: "location",
  department_id: "department",
  department_name: "department",
  state_id: "state",
  username: "emp_id",
};
const field = (name: string) => FIELD_ALIASES[name] ?? name;

/** A v1 `filters` object to the list's filter state (old column names translated, empty values dropped). */
export function apiFilters(raw: Record<string, string | number | null>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw))
    if (v != null && String(v).trim() !== "") filters[field(k)] = String(v).trim();
  return filters;
}

const sortItem = z.object({
  field: text().max(60),
  type: z.enum(["asc", "desc", "none", "ASC", "DESC", ""]).optional(),
});
const ids = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(500, "At most 500 users at a time.");

/**
 * POST listuser: `page`, `perPage`, `filters` ({ column: value }), `sort` ({ field, type } or a list
 * of them; the first counts), `export_users` (truthy: a download link instead of rows; "xlsx" for a
 * workbook, else CSV) and `users_arr` (export only these ids). Range and column checks happen in
 * assertTableState, so they answer with the field named.
 */
export const listUserBody = z
  .object({
    page: z.coerce.number().int().min(1, "The page must be a whole number of 1 or more.").max(PAGE_MAX).default(1),
    perPage: z.coerce.number().int().default(DEFAULT_PAGE_SIZE),
    filters: z.record(text().max(60), z.union([text().max(FILTER_MAX), z.number()]).nullable()).default({}),
    sort: z.union([sortItem, z.array(sortItem).max(5)]).optional(),
    export_users: z.union([z.boolean(), z.number(), text().max(10)]).optional(),
    users_arr: ids.optional(),
  })
  .transform((b) => {
    const s = Array.isArray(b.sort) ? b.sort[0] : b.sort;
    const type = s?.type?.toLowerCase();
    const sort =
      s && s.field && type && type !== "none" ? { id: field(s.field), desc: type === "desc" } : USER_DEFAULT_SORT;
    const filters = apiFilters(b.filters);
    const exp = b.export_users;
    const exportAs =
      exp === undefined || exp === false || exp === 0 || exp === "" || exp === "0" || exp === "false"
        ? null
        : exp === "xlsx"
          ? "xlsx"
          : "csv";
    const state: TableState = { page: b.page, size: b.perPage as TableState["size"], sort, filters };
    return { state, exportAs: exportAs as "csv" | "xlsx" | null, ids: b.users_arr };
  });

/** POST deleteuser: `deleteArr`, the ids to delete. */
export const deleteUserBody = z.object({ deleteArr: ids.min(1, "Select at least one record.") });

/** POST getstate: optional `search`. */
export const getStateBody = z.object({ search: text().trim().max(100).optional() });

/** POST getdepartment: optional `location` (a location id). */
export const getDepartmentBody = z.object({
  location: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.literal(""), z.null()]).optional(),
});

/** The payload of a signed export link (lib/users/export.ts). */
export const exportPayload = z.object({
  u: z.number().int(),
  f: z.enum(["csv", "xlsx"]),
  q: z.record(text(), text()),
  o: z.object({ id: text(), desc: z.boolean() }),
  i: ids.optional(),
});
export type ExportPayload = z.infer<typeof exportPayload>;

const filterRecord = z.record(text().max(60), z.union([text().max(FILTER_MAX), z.number()]).nullable());

/**
 * POST sendemail (form data or JSON): `subject`, `message`, `users_arr` (the selected ids; a list or
 * comma-separated), else every user matching `filters` (an object or its JSON); `attachment`, an
 * uploaded file's path (store_document?kind=attachment). `sort` and `send_email` are accepted and unused.
 */
export const sendEmailBody = z
  .object({
    subject: text().max(100_000).optional(),
    message: text().max(100_000).optional(),
    filters: z
      .union([filterRecord, text().max(20_000)])
      .nullable()
      .optional(),
    sort: z.unknown().optional(),
    users_arr: z
      .union([z.array(z.union([z.number(), text().max(12)])), text().max(10_000)])
      .nullable()
      .optional(),
    send_email: z
      .union([z.boolean(), z.number(), text().max(20)])
      .nullable()
      .optional(),
    attachment: text().max(1000).nullable().optional(),
  })
  .transform((b, ctx) => {
    let raw: unknown = b.filters ?? {};
    if (typeof raw === "string") {
      try {
        raw = raw.trim() ? JSON.parse(raw) : {};
      } catch {
        raw = null;
      }
    }
    const parsed = filterRecord.safeParse(raw);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", message: "The filters are not valid.", path: ["filters"] });
      return z.NEVER;
    }
    const list = typeof b.users_arr === "string" ? b.users_arr.split(",").filter((s) => s.trim()) : (b.users_arr ?? []);
    const ids = ids_.safeParse(list);
    if (!ids.success) {
      ctx.addIssue({
        code: "custom",
        message: ids.error.issues[0]?.message ?? "The users are not valid.",
        path: ["users_arr"],
      });
      return z.NEVER;
    }
    return {
      subject: b.subject ?? "",
      message: b.message ?? "",
      attachmentPath: b.attachment ?? "",
      ids: ids.data,
      filters: apiFilters(parsed.data),
    };
  });
const ids_ = ids;

/** POST changepositionhr: `imageList`, the users in their new order (ids, or objects with an `id`); `type` is unused. */
export const changePositionHrBody = z.object({
  imageList: z
    .array(
      z.union([
        z.coerce.number().int().positive().max(2_147_483_647),
        z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).transform((o) => o.id),
      ]),
    )
    .min(1, "The list is empty.")
    .max(10_000),
  type: text().max(60).optional(),
});
