import { z } from "zod";
import { text } from "@/lib/validation/text";

/** add_banner payload (v1 names): type, width, height, tempPath, size, slugType (the menu slug). */
export const addBannerSchema = z.object({
  tempPath: text({ error: "Required Banner." })
    .trim()
    .min(1, "Required Banner.")
    .max(2048, "The file path is not valid."),
  slugType: text({ error: "The slug is required." })
    .trim()
    .min(1, "The slug is required.")
    .max(190, "The slug is too long.")
    .regex(/^[A-Za-z0-9_-]+$/, "The slug is not valid."),
  type: text().max(190).optional(),
  width: z.coerce.number().int().min(0).max(100_000).optional(),
  height: z.coerce.number().int().min(0).max(100_000).optional(),
  size: z.coerce.number().int().min(0).optional(),
});

/** banner_status_change and delete_banner payload. */
export const bannerMenuSchema = z.object({
  menu_id: z.coerce
    .number({ error: "The menu id is required." })
    .int("The menu id is required.")
    .positive("The menu id is required."),
});
