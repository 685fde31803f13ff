import { describe, expect, it } from "vitest";
import { ICON_KEYS } from "@/lib/db/seed";
import { isIconName, MENU_ICON_KEYS } from "./icon";

describe("menu icons", () => {
  it("draws every icon key the seed and the menu editor offer", () => {
    expect([...MENU_ICON_KEYS]).toEqual([...ICON_KEYS]);
    for (const key of MENU_ICON_KEYS) expect(isIconName(key)).toBe(true);
  });

  it("treats unknown or inherited keys as unknown (the fallback icon is drawn)", () => {
    expect(isIconName("fa fa-home")).toBe(false);
    expect(isIconName("constructor")).toBe(false);
    expect(isIconName(null)).toBe(false);
  });
});
