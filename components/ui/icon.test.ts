import { describe, expect, it } from "vitest";
import { MENU_ICON_KEYS } from "@/lib/menus/icon-keys";
import { GET } from "@/app/icons.svg/route";
import { ICON_SPRITE_URL, ICON_SPRITE_VERSION } from "./icon";
import { ICON_NAMES, isIconName } from "./icon-names";
import { ICON_SVG, iconSprite, spriteVersion } from "./icon-set";

describe("menu icons", () => {
  it("draws every icon key the seed and the menu editor offer", () => {
    for (const key of MENU_ICON_KEYS) expect(isIconName(key)).toBe(true);
  });

  it("treats unknown or inherited keys as unknown (the fallback icon is drawn)", () => {
    expect(isIconName("fa fa-home")).toBe(false);
    expect(isIconName("constructor")).toBe(false);
    expect(isIconName(null)).toBe(false);
  });

  it("knows exactly the icons the sprite draws, under the sprite's current version", () => {
    expect([...ICON_NAMES].sort()).toEqual(Object.keys(ICON_SVG).sort());
    for (const name of ICON_NAMES) expect(isIconName(name)).toBe(true);
    // When an icon changes, set ICON_SPRITE_VERSION in icon.tsx to the value printed here.
    expect(ICON_SPRITE_VERSION, "ICON_SPRITE_VERSION is stale").toBe(spriteVersion());
    expect(ICON_SPRITE_URL).toBe(`/icons.svg?v=${spriteVersion()}`);
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
