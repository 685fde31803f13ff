// `npm run dev:sso`: a local OpenID Connect identity provider (test/oidc/provider.ts) to try the portal's
// single sign-on on a developer machine. Development only: no passwords, everything in memory.
//   SSO_PORT (default 3290)  the provider's port on 127.0.0.1
//   PORT / AUTH_URL          where the portal runs (default http://localhost:3000), for the redirect URIs
import { SSO_ACCOUNTS, startOidcProvider } from "@/test/oidc/provider";

const port = Number(process.env.SSO_PORT ?? 3290);
const appUrl = (process.env.AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
const clientId = "portal";
const clientSecret = "dev-sso-secret";
const origins = [appUrl, appUrl.replace("//localhost", "//127.0.0.1")];

const sso = await startOidcProvider({
  port,
  clientId,
  clientSecret,
  redirectUris: [...new Set(origins.map((o) => `${o}/api/auth/callback/oidc`))],
  postLogoutRedirectUris: [...new Set(origins.map((o) => `${o}/login`))],
});

console.log(`Local SSO running at ${sso.issuer} (portal at ${appUrl}).

Start the portal with:
  AUTH_OIDC_ISSUER=${sso.issuer}
  AUTH_OIDC_CLIENT_ID=${clientId}
  AUTH_OIDC_CLIENT_SECRET=${clientSecret}
  AUTH_URL=${appUrl}

Sign in with any username (no password); known accounts: ${SSO_ACCOUNTS.map((a) => `${a.username} <${a.email}>`).join(", ")}.
Press Ctrl+C to stop.`);

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => void sso.close().then(() => process.exit(0)));
}
