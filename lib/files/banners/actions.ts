"use server";

import { z } from "zod";
import { text } from "@/lib/validation/text";
import { revalidatePath } from "next/cache";
import { createAction } from "@/lib/actions/action";
import { BANNER_MESSAGES } from "./constants";
import { addBanner, deleteBanner, toggleBannerStatus } from "./mutations";

const menuInput = z.object({ menuId: z.coerce.number().int().positive() });

/** The banner area's upload: the finished upload becomes the page's banner (active). */
export const addBannerAction = createAction(
  { capability: "manageContent" },
  z.object({ menuId: z.coerce.number().int().positive(), tempPath: text().min(1, "Required Banner.").max(2048) }),
  async (input, user) => {
    await addBanner({ menuId: input.menuId, tempPath: input.tempPath, user });
    revalidatePath("/[slug]", "page");
    return { ok: true as const, data: null, message: BANNER_MESSAGES.added };
  },
);

export const changeBannerStatusAction = createAction(
  { capability: "manageContent" },
  menuInput,
  async (input, user) => {
    const status = await toggleBannerStatus({ menuId: input.menuId, user });
    revalidatePath("/[slug]", "page");
    return { ok: true as const, data: { status }, message: BANNER_MESSAGES.statusChanged };
  },
);

export const deleteBannerAction = createAction({ capability: "manageContent" }, menuInput, async (input, user) => {
  await deleteBanner({ menuId: input.menuId, user });
  revalidatePath("/[slug]", "page");
  return { ok: true as const, data: null, message: BANNER_MESSAGES.deleted };
});
