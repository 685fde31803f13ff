"use server";

import { AuthError } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { decode } from "next-auth/jwt";
import { z } from "zod";
import { text } from "@/lib/validation/text";
import { createAction } from "@/lib/actions/action";
import { getAuthSecret } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { signIn, signOut } from "./auth";
import { autoLoginSchema, loginSchema } from "./schemas";
import { revokeToken, SESSION_COOKIES } from "./session";
import { ssoLogoutUrl } from "./oidc";
import { safeCallbackPath } from "./login-params";
import { PENDING_LINK_COOKIE } from "./sso-link";

/** Auth.js wraps our AppError in CredentialsSignin with code "status:message"; unwrap it. */
function signInError(err: unknown): AppError {
  if (err instanceof AuthError) {
    const code = (err as AuthError & { code?: string }).code ?? "";
    const m = /^(\d{3}):([\s\S]*)$/.exec(code);
    if (m) return new AppError(Number(m[1]) as AppError["status"], m[2]);
    return new AppError(401, "Sign-in failed. Please try again.");
  }
  throw err;
}

async function currentSid(): Promise<string | undefined> {
  const jar = await cookies();
  for (const name of SESSION_COOKIES) {
    const raw = jar.get(name)?.value;
    if (!raw) continue;
    const jwt = await decode({ token: raw, secret: getAuthSecret(), salt: name }).catch(() => null);
    if (typeof jwt?.sid === "string") return jwt.sid;
  }
  return undefined;
}

/** Username/password sign-in (publicRoute: anyone may try; failures are rate limited per account and address). */
export const loginAction = createAction({ public: true }, loginSchema, async (input) => {
  try {
    await signIn("credentials", { username: input.username, password: input.password, redirect: false });
  } catch (err) {
    throw signInError(err);
  }
  // A pending SSO link was used (or refused) by this sign-in (lib/auth/sso-link.ts): it is done.
  const jar = await cookies();
  if (jar.has(PENDING_LINK_COOKIE)) jar.delete(PENDING_LINK_COOKIE);
  return { redirectTo: safeCallbackPath(input.callbackUrl) ?? "/" };
});

/**
 * The old portal's auto sign-in (`/login?token=&username=`), verified with the SSO (publicRoute). The
 * page calls it only after the person confirmed ('Continue as eve?'). Someone already signed in on this
 * browser is switched: their session ends on the server once the new one exists (a refused link leaves
 * it as it was).
 */
export const autoLoginAction = createAction({ public: true }, autoLoginSchema, async (input) => {
  const previous = await currentSid();
  try {
    await signIn("sso-token", { username: input.username, token: input.token, redirect: false });
  } catch (err) {
    throw signInError(err);
  }
  if (previous) await revokeToken(previous, "switched");
  return { redirectTo: "/" };
});

/** Starts the SSO round trip (publicRoute), coming back to `callbackUrl` when it is a same-origin path. */
export const ssoLoginAction = createAction(
  { public: true },
  z.object({ callbackUrl: text().max(2048).optional() }),
  async (input) => {
    await signIn("oidc", { redirectTo: safeCallbackPath(input.callbackUrl) ?? "/" });
    return null;
  },
);

/** Signs out: revokes the session row, clears the cookie, and ends the SSO session when there is one. */
export const logoutAction = createAction({ public: true }, z.object({}), async () => {
  const sid = await currentSid();
  const row = sid ? await revokeToken(sid) : null;
  await signOut({ redirect: false });
  const base = process.env.AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  const sso = row?.provider === "oidc" ? await ssoLogoutUrl(row.idToken, new URL("/login", base).toString()) : null;
  redirect(sso ?? "/login");
});
