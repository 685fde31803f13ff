/**
 * The uniform request form's rules (spec sections 3 and 4), shared by the form, the server schema, the
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

/** Choosing New Hire copies its value into New Order (spec section 4). */
export function afterNewHire<T extends { newHire: YesNo; newOrder: YesNo }>(values: T, newHire: YesNo): T {
  return { ...values, newHire, newOrder: newHire };
}

export const QUANTITY_MAX = 1000;
