import { z } from "zod";
import { text } from "@/lib/validation/text";
import { FILTER_MAX } from "@/lib/data-table/state";
import { listCallBody, listFilters, recordIdList } from "@/lib/data-table/list-body";
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

/** A v1 `filters` object to the list's filter state (old column names translated, empty values dropped). */
export const apiFilters = (raw: Record<string, string | number | null>) => listFilters(raw, FIELD_ALIASES, true);

const ids = recordIdList("users");

/**
 * POST listuser: `page`, `perPage`, `filters` ({ column: value }), `sort` ({ field, type } or a list
 * of them; the first counts), `export_users` (truthy: a download link instead of rows; "xlsx" for a
 * workbook, else CSV) and `users_arr` (export only these ids). Range and column checks happen in
 * assertTableState, so they answer with the field named.
 */
export const listUserBody = listCallBody({
  defaultSort: USER_DEFAULT_SORT,
  aliases: FIELD_ALIASES,
  exportField: "export_users",
  idsField: "users_arr",
  idsNoun: "users",
  keepNullText: true,
});

/** POST deleteuser: `deleteArr`, the ids to delete. */
export const deleteUserBody = z.object({ deleteArr: ids.min(1, "Select at least one record.") });

/** POST getstate: optional `search`. */
export const getStateBody = z.object({ search: text().trim().max(100).optional() });

/** POST getdepartment: optional `location` (a location id). */
export const getDepartmentBody = z.object({
  location: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.literal(""), z.null()]).optional(),
});

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
