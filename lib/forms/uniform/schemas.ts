import { z } from "zod";
import { text } from "@/lib/validation/text";
import { LONG_TEXT_MAX, fieldNames, idField, nullAsEmpty, requiredText } from "../fields";
import { toId } from "@/lib/validation/id";
import type { FormProfile } from "@/lib/forms/profile";

/**
 * The uniform request form's rules (the old portal's fields), shared by the form, the server schema, the
 * list and the export: the designations and wear options, which wear a designation may order, and when
 * separate shirt and pant quantities replace the total.
 */

export const DESIGNATION = { driverPorter: 1, technician: 2 } as const;

/** Designations by id (stored as ids; ids never change meaning). */
export const DESIGNATIONS = [
  { value: 1, text: "Driver/Porter" },
  { value: 2, text: "Technician" },
  { value: 3, text: "Service Advisor" },
  { value: 4, text: "Parts" },
  { value: 5, text: "Sales" },
  { value: 6, text: "Office" },
] as const;

export const WEAR = { pant: 1, shirt: 2, shirtAndPant: 3, polo: 4 } as const;

export const WEARS = [
  { value: WEAR.pant, text: "Pant" },
  { value: WEAR.shirt, text: "Shirt" },
  { value: WEAR.shirtAndPant, text: "Shirt & Pant" },
  { value: WEAR.polo, text: "Polo" },
] as const;

export const YES_NO = [
  { value: "yes", text: "Yes" },
  { value: "no", text: "No" },
] as const;
export type YesNo = (typeof YES_NO)[number]["value"];

export function designationName(id: number): string {
  return DESIGNATIONS.find((d) => d.value === id)?.text ?? "";
}

export function wearName(id: number): string {
  return WEARS.find((w) => w.value === id)?.text ?? "";
}

/** Driver/Porter and technician order Pant, Shirt or 'Shirt & Pant'; every other designation only Polo. */
export function wearOptionsFor(designationId: number | null | undefined): (typeof WEARS)[number][] {
  if (!designationId) return [];
  const workwear = designationId === DESIGNATION.driverPorter || designationId === DESIGNATION.technician;
  return WEARS.filter((w) => (workwear ? w.value !== WEAR.polo : w.value === WEAR.polo));
}

/** A technician ordering 'Shirt & Pant' gives shirt and pant quantities instead of the total. */
export function splitsQuantities(designationId: number | null | undefined, wearId: number | null | undefined): boolean {
  return designationId === DESIGNATION.technician && wearId === WEAR.shirtAndPant;
}

/**
 * The wear kept when the designation changes: the current one if the new designation offers it, else
 * the only option when there is one (Polo), else none.
 */
export function wearAfterDesignation(designationId: number | null, wearId: number | null): number | null {
  const options = wearOptionsFor(designationId);
  if (wearId && options.some((o) => o.value === wearId)) return wearId;
  return options.length === 1 ? options[0].value : null;
}

/** Choosing New Hire copies its value into New Order (the old portal's behaviour). */
export function afterNewHire<T extends { newHire: YesNo; newOrder: YesNo }>(values: T, newHire: YesNo): T {
  return { ...values, newHire, newOrder: newHire };
}

export const QUANTITY_MAX = 1000;

/** The uniform request form's messages (the old portal's messages). */
export const UNIFORM_MESSAGES = {
  designation: "Select designation",
  location: "Select Location",
  firstName: "Please enter employee first name",
  lastName: "Please enter employee last name",
  requestor: "Please enter requestor name",
  wear: "Select wear",
  sizes: "Please enter Size(s)",
  comment: "Please enter Note/Comment",
  numeric: "Please enter numeric value",
  quantity: { required: "Please enter Total Item Quantity", max: "Max Quantity is 1000", min: "Min Quantity is 1" },
  shirtQuantity: {
    required: "Please enter Total Shirt Quantity",
    max: "Max Shirt Quantity is 1000",
    min: "Min Shirt Quantity is 1",
  },
  pantQuantity: {
    required: "Please enter Total Pant Quantity",
    max: "Max Pant Quantity is 1000",
    min: "Min Pant Quantity is 1",
  },
} as const;

const M = UNIFORM_MESSAGES;

const designationIds = DESIGNATIONS.map((d) => d.value) as number[];
const wearIds = WEARS.map((w) => w.value) as number[];

/** A select's value as a string ("" when nothing is chosen); numbers from API clients too. */
const choice = z.union([text(), z.number(), z.null()]).transform((v) => String(nullAsEmpty(v)).trim());
const yesNo = z
  .union([text(), z.boolean(), z.number()])
  .optional()
  .transform((v) =>
    v === true || v === 1 || (typeof v === "string" && ["yes", "1", "true"].includes(v.trim().toLowerCase()))
      ? "yes"
      : "no",
  );

const isId = (v: string) => toId(v) !== null;

/** A quantity as typed ("" when absent); whether and how it is checked depends on the wear (below). */
const quantity = choice.optional().default("");

/**
 * The message for a quantity the chosen wear uses, or null when it is fine: required, a whole number
 * ('abc', '1e3', '2.5' are 'Please enter numeric value'), at least 1 (-3 and 0 are 'Min ... is 1'),
 * at most 1000.
 */
export function quantityMessage(field: "quantity" | "shirtQuantity" | "pantQuantity", value: unknown): string | null {
  const v = value === undefined || value === null ? "" : String(value).trim();
  if (v === "") return M[field].required;
  if (!/^-?\d{1,9}$/.test(v)) return M.numeric;
  const n = Number(v);
  if (n < 1) return M[field].min;
  if (n > QUANTITY_MAX) return M[field].max;
  return null;
}

/** The form's fields, each checked alone (UNIFORM_FIELDS are their names). */
const uniformRequestFields = z.object({
  designationId: choice.refine((v) => isId(v) && designationIds.includes(Number(v)), M.designation),
  locationId: choice.refine(isId, M.location),
  employeeFirstName: requiredText(M.firstName, "Employee First Name"),
  employeeLastName: requiredText(M.lastName, "Employee Last Name"),
  requestorName: requiredText(M.requestor, "Requestor Name"),
  newHire: yesNo,
  newOrder: yesNo,
  reOrder: yesNo,
  wearId: choice.refine((v) => isId(v) && wearIds.includes(Number(v)), M.wear),
  sizes: requiredText(M.sizes, "Size(s)"),
  quantity,
  shirtQuantity: quantity,
  pantQuantity: quantity,
  comment: requiredText(M.comment, "Note/Comment", LONG_TEXT_MAX),
});

/**
 * The one uniform request schema: the form (react-hook-form, string values) and the server (the
 * action and POST /uniform/request/add/update, after the API's names are mapped) parse the same.
 * Every field reports at once: the checks that need two fields (the wear the designation offers, the
 * quantities that wear uses) run even when another field failed. Output: ids and quantities as numbers;
 * for a technician's 'Shirt & Pant' the total is null and the shirt and pant quantities are required,
 * otherwise the reverse. The location's existence and its manager e-mail are the server's business
 * (lib/forms/uniform/mutations.ts).
 */
export const uniformRequestSchema = uniformRequestFields
  .superRefine(
    (raw, ctx) => {
      // Runs even when a field failed (`when`), so the values may be anything: read them defensively.
      const v = (raw !== null && typeof raw === "object" ? raw : {}) as Partial<Record<string, unknown>>;
      const designationId = Number(v.designationId) || null;
      const wearId = Number(v.wearId) || null;
      if (
        designationId &&
        wearId &&
        wearIds.includes(wearId) &&
        !wearOptionsFor(designationId).some((o) => o.value === wearId)
      ) {
        ctx.addIssue({ code: "custom", path: ["wearId"], message: M.wear });
      }
      // Only the quantities this wear uses are checked (and kept); the others are ignored, whatever they hold.
      const fields = splitsQuantities(designationId, wearId)
        ? (["shirtQuantity", "pantQuantity"] as const)
        : (["quantity"] as const);
      for (const f of fields) {
        const message = quantityMessage(f, v[f]);
        if (message) ctx.addIssue({ code: "custom", path: [f], message });
      }
    },
    { when: () => true },
  )
  .transform((v) => {
    const designationId = Number(v.designationId);
    const wearId = Number(v.wearId);
    const split = splitsQuantities(designationId, wearId);
    return {
      designationId,
      locationId: Number(v.locationId),
      employeeFirstName: v.employeeFirstName,
      employeeLastName: v.employeeLastName,
      requestorName: v.requestorName,
      newHire: v.newHire === "yes",
      newOrder: v.newOrder === "yes",
      reOrder: v.reOrder === "yes",
      wearId,
      sizes: v.sizes,
      quantity: split ? null : Number(v.quantity),
      shirtQuantity: split ? Number(v.shirtQuantity) : null,
      pantQuantity: split ? Number(v.pantQuantity) : null,
      comment: v.comment,
    };
  });

export type UniformRequestValues = z.input<typeof uniformRequestSchema>;
export type UniformRequestInput = z.output<typeof uniformRequestSchema>;

/**
 * The screen's save: the form's fields, and `id` on the edit screen (its requester while the request is open,
 * administrators: lib/requests/edit-rules.ts decides in the save).
 */
export const uniformSaveSchema = uniformRequestSchema.and(
  z.object({
    id: z
      .union([z.literal(""), z.null(), idField("The id must be a number.")])
      .optional()
      .transform((v) => (v === "" || v == null ? null : v)),
  }),
);

/** The form's fields, for mapping server errors back onto them. */
export const UNIFORM_FIELDS = fieldNames(uniformRequestFields);

/**
 * A new form: New Hire, New Order and Replacement default to No; the requestor is the signed-in user, and
 * the employee's names and the location start as the profile's (`me`) when given.
 */
export function emptyUniformRequest(requestorName: string, me?: FormProfile): UniformRequestValues {
  return {
    designationId: "",
    locationId: me?.locationId == null ? "" : String(me.locationId),
    employeeFirstName: me?.firstName ?? "",
    employeeLastName: me?.lastName ?? "",
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

/** API names (the v1 payload names, misspellings kept) onto the schema's names. */
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
