import { describe, expect, it } from "vitest";
import { ICON_KEYS } from "@/lib/db/seed";
import { GET } from "@/app/icons.svg/route";
import { ICON_SPRITE_URL, iconSprite, isIconName, MENU_ICON_KEYS } from "./icon";
import { ICON_SVG } from "./icon-set";

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

  it("serves one sprite with a symbol per icon, cacheable for good under a versioned URL", async () => {
    const sprite = iconSprite();
    for (const name of Object.keys(ICON_SVG)) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(ICON_SPRITE_URL).toMatch(/^\/icons\.svg\?v=[0-9a-z]+$/);
    const res = await GET();
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toBe(sprite);
  });
});
