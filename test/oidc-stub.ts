import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, SignJWT } from "jose";

/** What userinfo answers for a token: claims as the SSO would send them (strings, booleans). */
export type StubClaims = Record<string, string | boolean>;

/**
 * A token the stub knows: its userinfo claims, and the client it was issued to (introspection's
 * `client_id`; default the portal's client, `clientId`).
 */
export type StubToken = StubClaims & { client_id?: string };

export type StubOptions = {
  /** The portal's client id (the default owner of every token). Default "portal". */
  clientId?: string;
  /** Offer RFC 7662 introspection (introspection_endpoint). Default true. */
  introspection?: boolean;
};

/**
 * A tiny stand-in for the company SSO on 127.0.0.1 (random port): OpenID discovery, a userinfo endpoint
 * that accepts only the access tokens it was given (or JWTs it signed), token introspection (any client
 * that authenticates with Basic) and its signing keys (jwks_uri). Counts userinfo calls.
 */
export async function startOidcStub(tokens: Record<string, StubToken>, options: StubOptions = {}) {
  const portalClient = options.clientId ?? "portal";
  const introspection = options.introspection ?? true;
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...(await exportJWK(publicKey)), kid: "stub", alg: "RS256", use: "sig" };
  const jwtClaims = new Map<string, StubClaims>();
  let userinfoCalls = 0;
  const server = http.createServer((req, res) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const claimsOf = (token: string): StubClaims | undefined => {
      const known = tokens[token] ?? jwtClaims.get(token);
      if (!known) return undefined;
      const { client_id: _client, ...claims } = known as StubToken;
      return claims;
    };
    if (req.url === "/.well-known/openid-configuration") {
      return send(200, {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        end_session_endpoint: `${issuer}/session/end`,
        jwks_uri: `${issuer}/jwks`,
        ...(introspection ? { introspection_endpoint: `${issuer}/introspect` } : {}),
      });
    }
    if (req.url === "/me") {
      userinfoCalls++;
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
      const claims = m ? claimsOf(m[1]) : undefined;
      return claims ? send(200, claims) : send(401, { error: "invalid_token" });
    }
    if (req.url === "/jwks") return send(200, { keys: [jwk] });
    if (req.url === "/introspect" && introspection && req.method === "POST") {
      if (!/^Basic /.test(req.headers.authorization ?? "")) return send(401, { error: "invalid_client" });
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      req.on("end", () => {
        const token = new URLSearchParams(body).get("token") ?? "";
        const known = tokens[token];
        if (!known) return send(200, { active: false });
        send(200, { active: true, sub: known.sub, client_id: known.client_id ?? portalClient, token_type: "Bearer" });
      });
      return;
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
    /**
     * A JWT access token signed with the stub's key (or `foreignKey`, a key the stub does not publish),
     * with `payload` (aud, azp, client_id, ...) and the userinfo claims `claims`.
     */
    async signAccessToken(claims: StubClaims, payload: Record<string, unknown>, foreignKey = false) {
      const key = foreignKey ? crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey : privateKey;
      const jwt = await new SignJWT({ ...payload })
        .setProtectedHeader({ alg: "RS256", kid: "stub", typ: "at+jwt" })
        .setIssuer(issuer)
        .setSubject(String(claims.sub))
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(key);
      jwtClaims.set(jwt, claims);
      return jwt;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
