import { z } from "zod";
import { text } from "@/lib/validation/text";
import { FILE_MESSAGES } from "./constants";

/** A stored upload to remove (DELETE removemedia and the dropzone's remove): its path, and its thumbnail's. */
export const removeMediaBody = z.object({
  filePath: text({ error: "The file path is required." })
    .min(1, "The file path is required.")
    .max(2048, FILE_MESSAGES.invalidPath),
  thumbnailPath: text().max(2048, FILE_MESSAGES.invalidPath).nullish(),
});
