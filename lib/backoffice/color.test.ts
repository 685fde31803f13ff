import { describe, expect, it } from "vitest";
import { COLOR_INVALID, colorCodeSchema, colorObject, normalizeHex } from "./color";

describe("colours of keys and groups", () => {
  it("normalises hex and hex8", () => {
    expect(normalizeHex("#AABBCC")).toBe("#aabbcc");
    expect(normalizeHex("aabbcc")).toBe("#aabbcc");
    expect(normalizeHex("#aabbccff")).toBe("#aabbcc");
    expect(normalizeHex("#aabbcc80")).toBe("#aabbcc80");
    expect(colorObject("#aabbcc")).toEqual({ hex: "#aabbcc", hex8: "#aabbccff" });
    expect(colorObject("#aabbcc80")).toEqual({ hex: "#aabbcc", hex8: "#aabbcc80" });
  });

  it("reads the picker's object, its JSON string, a bare hex, and defaults to #444444", () => {
    expect(colorCodeSchema.parse({ hex: "#112233", hex8: "#11223380", rgba: { r: 1 } })).toBe("#11223380");
    expect(colorCodeSchema.parse(JSON.stringify({ hex: "#112233", hex8: "#112233FF" }))).toBe("#112233");
    expect(colorCodeSchema.parse("#ABCDEF")).toBe("#abcdef");
    expect(colorCodeSchema.parse(undefined)).toBe("#444444");
    expect(colorCodeSchema.parse("")).toBe("#444444");
  });

  it.each([
    ["red"],
    ["#12345"],
    ["#gggggg"],
    ["rgb(1,2,3)"],
    ["{not json"],
    ['{"hex":"blue"}'],
    [{ hex: "javascript:alert(1)" }],
    [12],
    [["#111111"]],
    ["#1122334455"],
    ["#112233;background:url(x)"],
  ])("refuses %j", (value) => {
    const r = colorCodeSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(COLOR_INVALID);
  });
});
