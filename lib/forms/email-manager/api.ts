import { z } from "zod";
import { text } from "@/lib/validation/text";
import { apiBody } from "@/lib/forms/api-body";
import { FORM_KEYS, FORM_LABELS, formIdOf, isFormKey, type FormKey } from "@/lib/forms/form-keys";
import { listCallBody } from "@/lib/data-table/list-body";
import { PERMISSION } from "@/lib/auth/roles";
import { MAPPER_DEFAULT_SORT, type MappingRow } from "./columns";
import { mappingSchema } from "./schemas";
import { storedMappingRow } from "./queries";
import { FORM_DEPARTMENT_ID } from "@/lib/forms/locations";

/** Every form email manager call needs the per-user permission. */
export const MAPPER_ACCESS = { permission: PERMISSION.formEmailManager } as const;

/** A form given as its id (1..4) or its key; the first form when absent. */
export function formIdFrom(v: unknown): number | null {
  if (v === undefined || v === null || v === "" || v === "NULL") return 1;
  if (typeof v === "string" && isFormKey(v)) return formIdOf(v);
  const n = typeof v === "number" ? v : /^\d{1,2}$/.test(String(v)) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= FORM_KEYS.length ? n : null;
}

/** POST form/mapper/list: the list body plus `formType` (a form id or key; default the first form). */
export const mapperListBody = listCallBody({
  defaultSort: MAPPER_DEFAULT_SORT,
  aliases: { locationName: "location", location_name: "location", to: "to_email", cc: "cc_email" },
  extra: { formType: z.union([z.number(), text().max(40)]).nullish() },
}).transform((b, ctx) => {
  const id = formIdFrom((b.raw as { formType?: unknown }).formType);
  if (id === null) {
    ctx.addIssue({ code: "custom", path: ["formType"], message: "Select Form" });
    return z.NEVER;
  }
  return { ...b, state: { ...b.state, filters: { ...b.state.filters, form: String(id) } } };
});

/** POST form/mapper/add/update: `id`, `form_id`, `location` (comma-joined ids), `to_email`, `cc_email`. */
export const mapperSaveBody = apiBody(
  mappingSchema,
  {
    id: "id",
    form_id: "formId",
    location: "locationIds",
    to_email: "to",
    cc_email: "cc",
    approvers: "approverIds",
    status: "status",
  },
  { extra: { manager_email: z.unknown().optional() } },
);

/**
 * The mapping an add/update call's raw body names by `id`, in the payload's names: what a field it leaves out
 * keeps (docs/decisions.md).
 */
export async function storedMapperBody(body: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  const row = await storedMappingRow(body);
  return row && toApiMapping(row);
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
