import fs from "node:fs";
import path from "node:path";
import { startOidcProvider } from "@/test/oidc/provider";
import { startTestSmtp } from "@/test/mail/smtp";
import {
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_ISSUER,
  SSO_PORT,
  SSO_POST_LOGOUT_URI,
  SSO_REDIRECT_URI,
  MAIL_DIR,
  SMTP_PORT,
} from "./support/env";

/**
 * Starts the local OpenID Connect provider and the SMTP sink the portal (webServer) is configured to
 * use; stops them after the run. The sink writes each mail to MAIL_DIR (specs read it: e2e/support/mail.ts).
 */
export default async function globalSetup() {
  const sso = await startOidcProvider({
    port: SSO_PORT,
    clientId: SSO_CLIENT_ID,
    clientSecret: SSO_CLIENT_SECRET,
    redirectUris: [SSO_REDIRECT_URI],
    postLogoutRedirectUris: [SSO_POST_LOGOUT_URI],
  });
  if (sso.issuer !== SSO_ISSUER) throw new Error(`SSO started at ${sso.issuer}, expected ${SSO_ISSUER}`);
  fs.rmSync(MAIL_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const smtp = await startTestSmtp({
    port: SMTP_PORT,
    beforeAccept: async (mail) => {
      const { rcpt, headers, text } = mail;
      fs.writeFileSync(
        path.join(MAIL_DIR, `${String(++n).padStart(6, "0")}.json`),
        JSON.stringify({ rcpt, headers, text }),
      );
    },
  });
  return async () => {
    await smtp.stop();
    await sso.close();
  };
}
