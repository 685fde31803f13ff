import { startOidcProvider } from "@/test/oidc/provider";
import {
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_ISSUER,
  SSO_PORT,
  SSO_POST_LOGOUT_URI,
  SSO_REDIRECT_URI,
} from "./support/env";

/** Starts the local OpenID Connect provider the portal (webServer) is configured to use; stops it after the run. */
export default async function globalSetup() {
  const sso = await startOidcProvider({
    port: SSO_PORT,
    clientId: SSO_CLIENT_ID,
    clientSecret: SSO_CLIENT_SECRET,
    redirectUris: [SSO_REDIRECT_URI],
    postLogoutRedirectUris: [SSO_POST_LOGOUT_URI],
  });
  if (sso.issuer !== SSO_ISSUER) throw new Error(`SSO started at ${sso.issuer}, expected ${SSO_ISSUER}`);
  return () => sso.close();
}
