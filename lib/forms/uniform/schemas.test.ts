import { describe, expect, it } from "vitest";
import { tooLong } from "../fields";
import {
  afterNewHire,
  emptyUniformRequest,
  splitsQuantities,
  UNIFORM_MESSAGES as M,
  uniformRequestSchema,
  wearAfterDesignation,
  wearOptionsFor,
  WEAR,
  type UniformRequestValues,
} from "./schemas";

const valid: UniformRequestValues = {
  ...emptyUniformRequest("Ada Admin"),
  designationId: "1",
  locationId: "3",
  employeeFirstName: "Sam",
  employeeLastName: "Porter",
  wearId: String(WEAR.shirt),
  sizes: "L",
  quantity: "4",
  comment: "New starter",
};

function errors(values: Partial<UniformRequestValues>): Record<string, string> {
  const r = uniformRequestSchema.safeParse({ ...valid, ...values });
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("the uniform request rules", () => {
  it("Driver/Porter and technician get Pant, Shirt, 'Shirt & Pant'; others only Polo", () => {
    expect(wearOptionsFor(1).map((w) => w.text)).toEqual(["Pant", "Shirt", "Shirt & Pant"]);
    expect(wearOptionsFor(2).map((w) => w.text)).toEqual(["Pant", "Shirt", "Shirt & Pant"]);
    expect(wearOptionsFor(3).map((w) => w.text)).toEqual(["Polo"]);
    expect(wearOptionsFor(null)).toEqual([]);
  });

  it("keeps a wear the new designation offers, picks Polo when it is the only one, else clears", () => {
    expect(wearAfterDesignation(2, WEAR.pant)).toBe(WEAR.pant);
    expect(wearAfterDesignation(5, WEAR.pant)).toBe(WEAR.polo);
    expect(wearAfterDesignation(1, WEAR.polo)).toBeNull();
  });

  it("splits quantities only for a technician ordering 'Shirt & Pant'", () => {
    expect(splitsQuantities(2, WEAR.shirtAndPant)).toBe(true);
    expect(splitsQuantities(1, WEAR.shirtAndPant)).toBe(false);
    expect(splitsQuantities(2, WEAR.shirt)).toBe(false);
  });

  it("New Hire copies into New Order", () => {
    expect(afterNewHire({ newHire: "no" as const, newOrder: "no" as const, x: 1 }, "yes")).toEqual({
      newHire: "yes",
      newOrder: "yes",
      x: 1,
    });
    expect(afterNewHire({ newHire: "yes" as const, newOrder: "yes" as const }, "no")).toEqual({
      newHire: "no",
      newOrder: "no",
    });
  });
});

describe("the uniform request schema", () => {
  it("accepts a complete request and returns numbers and booleans", () => {
    const r = uniformRequestSchema.parse({ ...valid, newHire: "yes", newOrder: "yes" });
    expect(r).toMatchObject({
      designationId: 1,
      locationId: 3,
      wearId: WEAR.shirt,
      quantity: 4,
      shirtQuantity: null,
      pantQuantity: null,
      newHire: true,
      newOrder: true,
      reOrder: false,
    });
  });

  it.each([
    ["designationId", M.designation],
    ["locationId", M.location],
    ["employeeFirstName", M.firstName],
    ["employeeLastName", M.lastName],
    ["requestorName", M.requestor],
    ["wearId", M.wear],
    ["sizes", M.sizes],
    ["quantity", M.quantity.required],
    ["comment", M.comment],
  ] as const)("a missing %s is '%s'", (field, message) => {
    expect(errors({ [field]: "" })[field]).toBe(message);
    expect(errors({ [field]: "   " })[field]).toBe(message);
  });

  it("an empty form reports every required field at once", () => {
    const r = uniformRequestSchema.safeParse(emptyUniformRequest("Ada Admin"));
    const fields = new Set(r.success ? [] : r.error.issues.map((i) => i.path.join(".")));
    expect([...fields].sort()).toEqual([
      "comment",
      "designationId",
      "employeeFirstName",
      "employeeLastName",
      "locationId",
      "quantity",
      "sizes",
      "wearId",
    ]);
  });

  it("a technician's 'Shirt & Pant' requires both split quantities and ignores the total", () => {
    const split = { designationId: "2", wearId: String(WEAR.shirtAndPant), quantity: "" };
    expect(errors({ ...split, shirtQuantity: "", pantQuantity: "2" })).toEqual({
      shirtQuantity: M.shirtQuantity.required,
    });
    expect(errors({ ...split, shirtQuantity: "2", pantQuantity: "" })).toEqual({
      pantQuantity: M.pantQuantity.required,
    });
    expect(
      uniformRequestSchema.parse({ ...valid, ...split, quantity: "9", shirtQuantity: "2", pantQuantity: "3" }),
    ).toMatchObject({ quantity: null, shirtQuantity: 2, pantQuantity: 3 });
  });

  it.each([
    ["0", M.quantity.min],
    ["1001", M.quantity.max],
    ["abc", M.numeric],
    ["1e3", M.numeric],
    ["2.5", M.numeric],
    // A negative number is a number: the message is about the minimum (docs/features/staff-forms.md).
    ["-1", M.quantity.min],
    ["-3", M.quantity.min],
  ])("a quantity of %j is '%s'", (q, message) => {
    expect(errors({ quantity: q }).quantity).toBe(message);
  });

  it("ignores the quantities the chosen wear does not use, whatever they hold", () => {
    // A Polo (one total): the shirt and pant quantities are not looked at, and not kept.
    const polo = { designationId: "5", wearId: String(WEAR.polo), quantity: "2" };
    for (const unused of ["0", "-3", "abc", "1001"]) {
      expect(errors({ ...polo, shirtQuantity: unused, pantQuantity: unused }), unused).toEqual({});
    }
    expect(uniformRequestSchema.parse({ ...valid, ...polo, shirtQuantity: "0", pantQuantity: "0" })).toMatchObject({
      quantity: 2,
      shirtQuantity: null,
      pantQuantity: null,
    });
    // A technician's 'Shirt & Pant': the total is not looked at.
    const split = { designationId: "2", wearId: String(WEAR.shirtAndPant), shirtQuantity: "1", pantQuantity: "1" };
    expect(errors({ ...split, quantity: "-3" })).toEqual({});
    expect(errors({ ...split, shirtQuantity: "-3" })).toEqual({ shirtQuantity: M.shirtQuantity.min });
  });

  it("1000 is the largest quantity, for shirts and pants too", () => {
    expect(errors({ quantity: "1000" })).toEqual({});
    const split = { designationId: "2", wearId: String(WEAR.shirtAndPant) };
    expect(errors({ ...split, shirtQuantity: "1001", pantQuantity: "0" })).toEqual({
      shirtQuantity: M.shirtQuantity.max,
      pantQuantity: M.pantQuantity.min,
    });
  });

  it("refuses a wear the designation does not offer, and unknown ids", () => {
    expect(errors({ designationId: "3", wearId: String(WEAR.shirt) }).wearId).toBe(M.wear);
    expect(errors({ designationId: "99" }).designationId).toBe(M.designation);
    expect(errors({ locationId: "abc" }).locationId).toBe(M.location);
    expect(errors({ locationId: "99999999999" }).locationId).toBe(M.location);
  });

  it("a 191-character name is refused, 190 accepted", () => {
    expect(errors({ employeeFirstName: "a".repeat(191) }).employeeFirstName).toBe(tooLong("Employee First Name"));
    expect(errors({ employeeFirstName: "a".repeat(190) })).toEqual({});
  });
});
