import { z } from "zod";
import { text } from "@/lib/validation/text";
import { QUANTITY_MAX, WEARS, DESIGNATIONS, splitsQuantities, wearOptionsFor } from "./rules";

/** The uniform request form's messages (spec section 5). */
export const UNIFORM_MESSAGES = {
  designation: "Select designation",
  location: "select Location",
  firstName: "Please enter employee first name",
  lastName: "Please enter employee last name",
  requestor: "Please enter requestor name",
  wear: "Select wear",
  sizes: "Please enter Size(s)",
  comment: "Please enter Note/Comment",
  numeric: "Please enter numeric value",
  quantity: { required: "Please enter Total Item Quantity", max: "Max Quantity is 1000", min: "Min Quantity is 1" },
  shirtQuantity: { required: "Please enter Total Shirt Quantity", max: "Max Shirt Quantity is 1000", min: "Min Shirt Quantity is 1" },
  pantQuantity: { required: "Please enter Total Pant Quantity", max: "Max Pant Quantity is 1000", min: "Min Pant Quantity is 1" },
  textMax: "At most 190 characters.",
  commentMax: "At most 65534 characters.",
} as const;

const M = UNIFORM_MESSAGES;
const TEXT_MAX = 190;
const LONG_MAX = 65534;

const designationIds = DESIGNATIONS.map((d) => d.value) as number[];
const wearIds = WEARS.map((w) => w.value) as number[];

/** A select's value as a string ("" when nothing is chosen); numbers from API clients too. */
const choice = z.union([text(), z.number(), z.null()]).transform((v) => (v === null ? "" : String(v).trim()));
const yesNo = z
  .union([text(), z.boolean(), z.number()])
  .optional()
  .transform((v) => (v === true || v === 1 || (typeof v === "string" && ["yes", "1", "true"].includes(v.trim().toLowerCase())) ? "yes" : "no"));
const requiredText = (message: string) => text({ error: message }).trim().min(1, message).max(TEXT_MAX, M.textMax);

/**
 * A quantity as typed: digits only (so 'abc', '1e3', '2.5' and '-1' are 'Please enter numeric value'),
 * then 1 to 1000. `undefined` for an empty field; the object check decides whether it was required.
 */
function quantityOf(value: string, field: "quantity" | "shirtQuantity" | "pantQuantity", ctx: z.RefinementCtx): number | undefined {
  if (value === "") return undefined;
  if (!/^\d{1,9}$/.test(value)) {
    ctx.addIssue({ code: "custom", path: [field], message: M.numeric });
    return undefined;
  }
  const n = Number(value);
  if (n > QUANTITY_MAX) ctx.addIssue({ code: "custom", path: [field], message: M[field].max });
  else if (n < 1) ctx.addIssue({ code: "custom", path: [field], message: M[field].min });
  return n;
}

/**
 * The one uniform request schema: the form (react-hook-form, string values) and the server (the
 * action and POST /uniform/request/add/update, after the API's names are mapped) parse the same.
 * Output: ids and quantities as numbers; for a technician's 'Shirt & Pant' the total is null and the
 * shirt and pant quantities are required, otherwise the reverse. The location's existence and its
 * manager e-mail are the server's business (lib/forms/uniform/mutations.ts).
 */
export const uniformRequestSchema = z
  .object({
    designationId: choice,
    locationId: choice,
    employeeFirstName: requiredText(M.firstName),
    employeeLastName: requiredText(M.lastName),
    requestorName: requiredText(M.requestor),
    newHire: yesNo,
    newOrder: yesNo,
    reOrder: yesNo,
    wearId: choice,
    sizes: requiredText(M.sizes),
    quantity: choice.optional().default(""),
    shirtQuantity: choice.optional().default(""),
    pantQuantity: choice.optional().default(""),
    comment: text({ error: M.comment }).trim().min(1, M.comment).max(LONG_MAX, M.commentMax),
  })
  .transform((v, ctx) => {
    const designationId = designationIds.includes(Number(v.designationId)) && /^\d+$/.test(v.designationId) ? Number(v.designationId) : null;
    if (designationId === null) ctx.addIssue({ code: "custom", path: ["designationId"], message: M.designation });
    const locationId = /^[1-9]\d{0,9}$/.test(v.locationId) && Number(v.locationId) <= 2_147_483_647 ? Number(v.locationId) : null;
    if (locationId === null) ctx.addIssue({ code: "custom", path: ["locationId"], message: M.location });
    const wear = /^\d+$/.test(v.wearId) && wearIds.includes(Number(v.wearId)) ? Number(v.wearId) : null;
    const wearId = wear !== null && (designationId === null || wearOptionsFor(designationId).some((o) => o.value === wear)) ? wear : null;
    if (wearId === null) ctx.addIssue({ code: "custom", path: ["wearId"], message: M.wear });
    const split = splitsQuantities(designationId, wearId);
    const need = (field: "quantity" | "shirtQuantity" | "pantQuantity") => {
      const n = quantityOf(v[field], field, ctx);
      if (n === undefined && v[field] === "") ctx.addIssue({ code: "custom", path: [field], message: M[field].required });
      return n ?? null;
    };
    const quantity = split ? null : need("quantity");
    const shirtQuantity = split ? need("shirtQuantity") : null;
    const pantQuantity = split ? need("pantQuantity") : null;
    return {
      designationId: designationId ?? 0,
      locationId: locationId ?? 0,
      employeeFirstName: v.employeeFirstName,
      employeeLastName: v.employeeLastName,
      requestorName: v.requestorName,
      newHire: v.newHire === "yes",
      newOrder: v.newOrder === "yes",
      reOrder: v.reOrder === "yes",
      wearId: wearId ?? 0,
      sizes: v.sizes,
      quantity,
      shirtQuantity,
      pantQuantity,
      comment: v.comment,
    };
  });

export type UniformRequestValues = z.input<typeof uniformRequestSchema>;
export type UniformRequestInput = z.output<typeof uniformRequestSchema>;

/** The form's fields, for mapping server errors back onto them. */
export const UNIFORM_FIELDS = [
  "designationId",
  "locationId",
  "employeeFirstName",
  "employeeLastName",
  "requestorName",
  "newHire",
  "newOrder",
  "reOrder",
  "wearId",
  "sizes",
  "quantity",
  "shirtQuantity",
  "pantQuantity",
  "comment",
] as const;

/** An empty form: New Hire, New Order and Replacement default to No; the requestor is the signed-in user. */
export function emptyUniformRequest(requestorName: string): UniformRequestValues {
  return {
    designationId: "",
    locationId: "",
    employeeFirstName: "",
    employeeLastName: "",
    requestorName,
    newHire: "no",
    newOrder: "no",
    reOrder: "no",
    wearId: "",
    sizes: "",
    quantity: "",
    shirtQuantity: "",
    pantQuantity: "",
    comment: "",
  };
}

/** API names (spec section 7, misspellings kept) onto the schema's names. */
export const UNIFORM_API_NAMES = {
  designation_id: "designationId",
  location_id: "locationId",
  empolyee_first_name: "employeeFirstName",
  empolyee_last_name: "employeeLastName",
  requestor_name: "requestorName",
  new_hire: "newHire",
  new_order: "newOrder",
  re_order: "reOrder",
  wear_id: "wearId",
  text: "sizes",
  quantity: "quantity",
  shirt_quantity: "shirtQuantity",
  pant_quantity: "pantQuantity",
  comment: "comment",
} as const;
