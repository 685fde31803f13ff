import { z } from "zod";

/** The sign-in form (shared by the login page and loginAction). */
export const loginSchema = z.object({
  username: z.string().trim().min(1, "Username Required").max(190, "Username is too long"),
  password: z.string().min(1, "Password Required").max(1024, "Password is too long"),
  callbackUrl: z.string().max(2048).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const autoLoginSchema = z.object({
  username: z.string().trim().min(1, "Username Required").max(190),
  token: z.string().trim().min(1, "Token Required").max(4096),
});
