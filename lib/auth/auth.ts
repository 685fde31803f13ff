import { Auth } from "@auth/core";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { config, getAuthSecret } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";
import { clientIp } from "@/lib/http/forwarded";
import { cookieOf } from "@/lib/http/cookies";
import { cookies } from "next/headers";
import {
  ACCOUNT_DISABLED,
  SSO_EMAIL_TAKEN,
  SsoLinkRequired,
  upsertSsoUser,
  verifyPasswordLogin,
  verifySsoTokenLogin,
} from "./accounts";
import { issueToken, resolveToken, revokeToken } from "./session";
import { isDatabaseUnavailable } from "@/lib/db/retry";
import { noteDatabaseUnavailable } from "@/lib/db/faults";
import { SESSION_TTL_MS } from "./tokens";
import { publicRequestUrl } from "./public-url";
import { portalPath } from "./login-params";
import { DEVICE_COOKIE, deviceCookieOptions, encodeDeviceCookie } from "./device-cookie";
import { ssoIssuer, type SsoClaims } from "./oidc";
import {
  completePendingLink,
  encodePendingLink,
  PENDING_LINK_COOKIE,
  pendingLinkCookieOptions,
  pendingLinkOfCookieHeader,
} from "./sso-link";

/** Carries our AppError message and status through Auth.js to the sign-in action. */
class PortalSignInError extends CredentialsSignin {
  constructor(err: AppError) {
    super(err.message);
    this.code = `${err.status}:${err.message}`;
  }
}

async function guardAuthorize<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw new PortalSignInError(err);
    throw err;
  }
}

const providers: NextAuthConfig["providers"] = [
  Credentials({
    id: "credentials",
    credentials: { username: {}, password: {} },
    authorize: (creds, request) =>
      guardAuthorize(async () => {
        const username = String(creds?.username ?? "").slice(0, 190);
        const password = String(creds?.password ?? "").slice(0, 1024);
        const user = await verifyPasswordLogin({
          username,
          password,
          ip: request ? clientIp(request) : null,
          device: cookieOf(request?.headers.get("cookie"), DEVICE_COOKIE),
        });
        // The password confirms the account: an SSO identity this browser brought back is linked to it.
        if (request) await completePendingLink(user.id, pendingLinkOfCookieHeader(request.headers.get("cookie")));
        return { id: String(user.id), name: user.username };
      }),
  }),
  Credentials({
    id: "sso-token",
    credentials: { username: {}, token: {} },
    authorize: (creds, request) =>
      guardAuthorize(async () => {
        const user = await verifySsoTokenLogin({
          username: String(creds?.username ?? "").slice(0, 190),
          accessToken: String(creds?.token ?? "").slice(0, 4096),
          ip: request ? clientIp(request) : null,
        });
        return { id: String(user.id), name: user.username, provider: "oidc" } as never;
      }),
  }),
];

const oidc = config.oidc;
if (oidc) {
  providers.push({
    id: "oidc",
    name: "SSO",
    type: "oidc",
    issuer: oidc.issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    authorization: { params: { scope: "openid profile email" } },
    checks: ["pkce", "state", "nonce"],
  });
}

/**
 * Auth.js signs people in (password, SSO, SSO token); the session itself is a row in api_tokens whose
 * secret travels inside the encrypted Auth.js cookie (`sid`). Every request checks that row
 * (lib/auth/session.ts), so sign-out, a disabled account or a role change take effect at once.
 */
const authConfig: NextAuthConfig = {
  secret: getAuthSecret(),
  trustHost: true,
  useSecureCookies: process.env.AUTH_URL?.startsWith("https://") ?? false,
  session: { strategy: "jwt", maxAge: SESSION_TTL_MS / 1000 },
  pages: { signIn: "/login", error: "/login" },
  providers,
  // Auth.js logs through pino; a refused sign-in (wrong password, forged token) is expected, not an error.
  logger: {
    error(err) {
      if (err instanceof CredentialsSignin || (err as { type?: string }).type === "CredentialsSignin")
        logger.info({ reason: err.message.split(". Read more")[0] }, "sign-in refused");
      else logger.error({ err }, "auth error");
    },
    warn(code) {
      logger.warn({ code }, "auth warning");
    },
  },
  events: {
    // Auth.js's own sign-out (POST /api/auth/signout) ends the session row too, as logoutAction does:
    // clearing the cookie alone would leave a copy of it (a proxy's log, another tab) answering for hours.
    // Auth.js logs an error of this event and clears the cookie all the same: with the database unable to
    // answer, the row would stay valid for a copy of the cookie. The request is marked instead, and the
    // route answers 503 without Auth.js's cookies (app/api/auth/[...nextauth]/route.ts), so the browser
    // keeps its cookie and can sign out again.
    async signOut(message) {
      const sid = "token" in message ? message.token?.sid : undefined;
      if (typeof sid !== "string") return;
      try {
        await revokeToken(sid);
      } catch (err) {
        if (isDatabaseUnavailable(err)) noteDatabaseUnavailable();
        throw err;
      }
    },
  },
  callbacks: {
    // Auth.js's own redirects (the SSO's way back, sign-out's callbackUrl, the callback-url cookie) go
    // only to a path of the portal, checked as every other redirect is (lib/auth/login-params.ts).
    redirect({ url, baseUrl }) {
      return `${baseUrl}${portalPath(url, baseUrl) ?? "/"}`;
    },
    async jwt({ token, user, account, profile, trigger }) {
      // Every later read of the cookie (GET /api/auth/session included) asks the session resolver, so
      // a revoked or expired session is no session here either, as everywhere else in the app.
      if (trigger !== "signIn" || !user)
        return typeof token.sid === "string" && (await resolveToken(token.sid)) ? token : null;
      let userId = Number(user.id);
      let provider = "credentials";
      let idToken: string | null = null;
      if (account?.provider === "oidc") {
        const u = await upsertSsoUser(profile as unknown as SsoClaims, ssoIssuer()!);
        userId = u.id;
        provider = "oidc";
        idToken = account.id_token ?? null;
      } else if (account?.provider === "sso-token") {
        provider = "oidc";
      }
      const { token: sid } = await issueToken({ userId, kind: "session", provider, idToken });
      // This browser has now signed in to the account: its later password attempts are judged by its own
      // failures, not by its address's or the account's (lib/auth/device-cookie.ts).
      (await cookies()).set(DEVICE_COOKIE, await encodeDeviceCookie(userId), deviceCookieOptions());
      return { sid };
    },
    async signIn({ account, profile }) {
      if (account?.provider !== "oidc") return true;
      try {
        await upsertSsoUser(profile as unknown as SsoClaims, ssoIssuer()!);
        return true;
      } catch (err) {
        if (err instanceof SsoLinkRequired) {
          // Kept in this browser for its next password sign-in (lib/auth/sso-link.ts).
          (await cookies()).set(PENDING_LINK_COOKIE, await encodePendingLink(err.identity), pendingLinkCookieOptions());
          return "/login?error=SsoLinkRequired";
        }
        // A code, never the message: the sign-in page shows only known codes' texts (lib/auth/login-params.ts).
        if (err instanceof AppError) {
          const code =
            err.message === ACCOUNT_DISABLED
              ? "AccountDisabled"
              : err.message === SSO_EMAIL_TAKEN
                ? "SsoEmailTaken"
                : "AccessDenied";
          return `/login?error=${code}`;
        }
        throw err;
      }
    },
  },
};

export const { auth, signIn, signOut } = NextAuth(authConfig);

async function authHandler(request: Request): Promise<Response> {
  const url = publicRequestUrl(request.url, request.headers);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const plain = new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? await request.arrayBuffer() : undefined,
  });
  return Auth(plain, authConfig);
}

/** Auth.js's endpoints (app/api/auth/[...nextauth]) on a plain Request at the public URL (publicRequestUrl). */
export const handlers = { GET: authHandler, POST: authHandler };
