import http from "node:http";
import type { AddressInfo } from "node:net";

export type StubClaims = Record<string, string>;

/**
 * A tiny stand-in for the company SSO on 127.0.0.1 (random port): OpenID discovery and a userinfo
 * endpoint that accepts only the access tokens it was given. Counts userinfo calls.
 */
export async function startOidcStub(tokens: Record<string, StubClaims>) {
  let userinfoCalls = 0;
  const server = http.createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.url === "/.well-known/openid-configuration") {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        end_session_endpoint: `${issuer}/session/end`,
        jwks_uri: `${issuer}/jwks`,
      });
    }
    if (req.url === "/me") {
      userinfoCalls++;
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
      const claims = m ? tokens[m[1]] : undefined;
      return claims ? send(200, claims) : send(401, { error: "invalid_token" });
    }
    send(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    get userinfoCalls() {
      return userinfoCalls;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
