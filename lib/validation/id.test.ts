import { describe, expect, it } from "vitest";
import { idListSchema, idSchema, MAX_ID, optionalIdSchema, toId } from "./id";

describe("toId", () => {
  it("takes whole numbers 1..MAX_ID and strings of digits naming one", () => {
    expect(toId(1)).toBe(1);
    expect(toId("42")).toBe(42);
    expect(toId(String(MAX_ID))).toBe(MAX_ID);
  });
  it.each([
    0,
    -1,
    1.5,
    MAX_ID + 1,
    "0",
    "",
    " 1",
    "1e3",
    "12.0",
    "-1",
    String(MAX_ID + 1),
    "12345678901",
    null,
    {},
    NaN,
  ])("refuses %j", (v) => expect(toId(v)).toBeNull());
});

describe("idSchema", () => {
  it("coerces digits and gives its message for every failure", () => {
    const s = idSchema("Bad id.", { required: "Id is required." });
    expect(s.parse("7")).toBe(7);
    for (const v of [0, -3, 2.5, MAX_ID + 1]) expect(s.safeParse(v).error?.issues[0]?.message).toBe("Bad id.");
    expect(s.safeParse("abc").error?.issues[0]?.message).toBe("Id is required.");
  });
  it("refuses strings when not coercing", () => {
    expect(idSchema("Bad id.", { coerce: false }).safeParse("7").success).toBe(false);
    expect(idSchema("Bad id.", { coerce: false }).parse(7)).toBe(7);
  });
  it("lists at most max ids", () => {
    expect(idListSchema(2, "Too many.").safeParse([1, 2, 3]).error?.issues[0]?.message).toBe("Too many.");
    expect(idListSchema(2).parse(["1", 2])).toEqual([1, 2]);
  });
});

describe("optionalIdSchema", () => {
  it.each([undefined, null, "", 0, "0"])("reads %j as none", (v) =>
    expect(optionalIdSchema().parse(v)).toBeUndefined(),
  );
  it("checks anything else as an id", () => {
    expect(optionalIdSchema().parse("5")).toBe(5);
    expect(optionalIdSchema("Bad.").safeParse(-1).error?.issues[0]?.message).toBe("Bad.");
  });
});
