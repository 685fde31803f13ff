/**
 * A real, local OpenID Connect identity provider (oidc-provider) standing in for the company SSO in the
 * Playwright suite and in `npm run dev:sso`. Development and tests only: it has no passwords (anyone who
 * can reach 127.0.0.1 can sign in as anyone), keeps everything in memory, and signs with a key made at
 * start.
 *
 * - Sign-in: a small form asking for a username (one of SSO_ACCOUNTS, or any new name made of letters,
 *   digits, dots, dashes and underscores, which becomes `<name>@example.com`); consent is given
 *   automatically for the portal's client.
 * - The ID token carries email, name and preferred_username (conformIdTokenClaims: false), which is
 *   what Auth.js reads the profile from.
 * - Userinfo (bearer access token), token introspection (RFC 7662, for confidential clients: how the
 *   portal checks that an access token was issued to it) and RP-initiated logout (end_session_endpoint;
 *   the confirmation page submits itself) are on.
 * - A second client, OTHER_CLIENT (another application of the company), gets tokens too: the portal
 *   must refuse them.
 */
import crypto from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { createMemoryAdapter } from "./memory-adapter";

export type SsoAccount = {
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified?: boolean;
};

/**
 * Known accounts (the username is the subject). `sam.staff` has the seeded `staff` user's verified
 * e-mail, so it signs in as that user. `alex.admin` has the seeded administrator's verified e-mail: it
 * is linked only after a password sign-in. `eve` claims the administrator's e-mail unverified (the
 * forged identity docs/security.md guards against): it never becomes the administrator.
 */
export const SSO_ACCOUNTS: readonly SsoAccount[] = [
  { username: "sso.staff", email: "sso.staff@example.com", givenName: "Sasha", familyName: "Sorensen" },
  { username: "sam.staff", email: "staff@example.com", givenName: "Sam", familyName: "Staff" },
  { username: "riley.tech", email: "riley.tech@example.com", givenName: "Riley", familyName: "Technician" },
  { username: "alex.admin", email: "admin@example.com", givenName: "Alex", familyName: "Admin" },
  { username: "eve", email: "ADMIN@example.com", givenName: "Eve", familyName: "Forger", emailVerified: false },
];

/** Another application registered at the same SSO: its users' tokens are valid, but not for the portal. */
export const OTHER_CLIENT = { clientId: "other-app", clientSecret: "other-app-secret" } as const;

const USERNAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

export type OidcProviderOptions = {
  /** Port on 127.0.0.1; 0 picks a free one. */
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** Accept usernames that are not in SSO_ACCOUNTS (creates them on first sign-in). Default true. */
  allowNewAccounts?: boolean;
  /** Host to listen on. Default 127.0.0.1. */
  host?: string;
};

export type RunningOidcProvider = { issuer: string; close: () => Promise<void> };

function titleCase(s: string) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Company SSO</title>
<style>
body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,.1);width:min(22rem,90vw)}
h1{font-size:1.3rem;margin:0 0 1rem} label{display:block;font-weight:600;margin-bottom:.25rem}
input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #94a3b8;border-radius:6px;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.6rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;font-size:1rem;cursor:pointer}
[role=alert]{color:#b91c1c;margin:0 0 1rem} .hint{color:#475569;font-size:.85rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function loginForm(uid: string, error?: string, username = "") {
  return page(
    "Sign in",
    `<h1>Sign in to the company SSO</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" required autofocus value="${escapeHtml(username)}">
<p class="hint">Test identity provider: no password needed.</p>
<button type="submit">Continue</button>
</form>`,
  );
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16_384) throw new Error("form too large");
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(html);
}

/** Starts the provider on 127.0.0.1:`port` and returns its issuer URL and a close function. */
export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const host = options.host ?? "127.0.0.1";
  const allowNew = options.allowNewAccounts ?? true;
  const accounts = new Map<string, SsoAccount>(SSO_ACCOUNTS.map((a) => [a.username, a]));

  function lookup(username: string): SsoAccount | null {
    const name = username.trim().toLowerCase();
    const known = accounts.get(name);
    if (known) return known;
    if (!allowNew || !USERNAME.test(name)) return null;
    const [first = name, ...rest] = name.split(/[._-]+/).filter(Boolean);
    const account = {
      username: name,
      email: `${name}@example.com`,
      givenName: titleCase(first),
      familyName: rest.map(titleCase).join(" ") || "User",
    };
    accounts.set(name, account);
    return account;
  }

  // Listen first so the issuer carries the real port when port 0 was asked for.
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;

  const signingKey = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const hour = 60 * 60;

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        client_name: "Staff Portal",
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
      {
        client_id: OTHER_CLIENT.clientId,
        client_secret: OTHER_CLIENT.clientSecret,
        client_name: "Another application",
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: "local-sso", alg: "RS256", use: "sig" }] },
    cookies: { keys: [crypto.randomBytes(32).toString("base64url")] },
    // Auth.js takes the profile from the ID token's claims.
    conformIdTokenClaims: false,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "given_name", "family_name", "preferred_username"],
    },
    scopes: ["openid", "email", "profile"],
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: `${account.givenName} ${account.familyName}`,
            given_name: account.givenName,
            family_name: account.familyName,
            preferred_username: account.username,
          };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // Any authenticated confidential client may introspect (oidc-provider's default, said explicitly).
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx: unknown, client: { clientAuthMethod: string }) =>
          client.clientAuthMethod !== "none",
      },
      rpInitiatedLogout: {
        enabled: true,
        // The portal asked for the sign-out with the user's id_token_hint: sign out without a question.
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          ctx.type = "html";
          ctx.body = page(
            "Signing out",
            `<h1>Signing you out…</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<script>(function(){var f=document.getElementById("op.logoutForm");var i=document.createElement("input");i.type="hidden";i.name="logout";i.value="yes";f.appendChild(i);f.submit();})();</script>`,
          );
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.type = "html";
          ctx.body = page("Signed out", "<h1>You are signed out of the company SSO.</h1>");
        },
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async renderError(ctx: KoaContextWithOIDC, out: Record<string, string>) {
      ctx.type = "html";
      ctx.body = page(
        "Error",
        `<h1>Sign-in error</h1><p role="alert">${escapeHtml(out.error ?? "error")}: ${escapeHtml(out.error_description ?? "")}</p>`,
      );
    },
    ttl: {
      AccessToken: hour,
      AuthorizationCode: 60,
      IdToken: hour,
      Interaction: hour,
      Session: 8 * hour,
      Grant: 8 * hour,
    },
  });

  const handle = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, uid: string, submit: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid)
      return sendHtml(res, 400, page("Error", `<p role="alert">This sign-in request has expired.</p>`));
    if (details.prompt.name === "login") {
      if (!submit || req.method !== "POST") return sendHtml(res, 200, loginForm(uid));
      const username = (await readForm(req)).get("username") ?? "";
      const account = lookup(username);
      if (!account) return sendHtml(res, 200, loginForm(uid, "Unknown username.", username.slice(0, 64)));
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: account.username } },
        { mergeWithLastSubmission: false },
      );
    }
    if (details.prompt.name === "consent") {
      // First-party client: consent is automatic.
      const accountId = details.session?.accountId;
      const clientId = String(details.params.client_id);
      const grant =
        (details.grantId && (await provider.Grant.find(details.grantId))) ||
        new provider.Grant({ accountId: accountId!, clientId });
      const missingScope = details.prompt.details.missingOIDCScope as string[] | undefined;
      const missingClaims = details.prompt.details.missingOIDCClaims as string[] | undefined;
      if (missingScope) grant.addOIDCScope(missingScope.join(" "));
      if (missingClaims) grant.addOIDCClaims(missingClaims);
      const grantId = await grant.save();
      return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    return sendHtml(res, 501, page("Error", `<p role="alert">Unsupported prompt.</p>`));
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const { pathname } = new URL(req.url ?? "/", issuer);
    const m = /^\/interaction\/([A-Za-z0-9_-]+)(\/login)?$/.exec(pathname);
    if (!m) return handle(req, res);
    interaction(req, res, m[1], !!m[2]).catch((err: unknown) => {
      if (res.headersSent) return res.end();
      const message = err instanceof Error ? err.message : String(err);
      sendHtml(res, 400, page("Error", `<h1>Sign-in error</h1><p role="alert">${escapeHtml(message)}</p>`));
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
