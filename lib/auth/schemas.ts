import { z } from "zod";
import { text } from "@/lib/validation/text";

/** The sign-in form (shared by the login page and loginAction). */
export const loginSchema = z.object({
  username: text().trim().min(1, "Username Required").max(190, "Username is too long"),
  password: text().min(1, "Password Required").max(1024, "Password is too long"),
  callbackUrl: text().max(2048).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const autoLoginSchema = z.object({
  username: text().trim().min(1, "Username Required").max(190),
  token: text().trim().min(1, "Token Required").max(4096),
});
