import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { logger } from "@/lib/log";

type Discovery = {
  userinfo_endpoint?: string;
  end_session_endpoint?: string;
  introspection_endpoint?: string;
  jwks_uri?: string;
  issuer: string;
};

/**
 * The configured SSO's issuer as links store it (users.oidc_issuer): the configured URL without a
 * trailing slash, so both sign-in paths (Auth.js's callback and the token sign-in) name it alike.
 */
export function ssoIssuer(): string | null {
  return config.oidc ? config.oidc.issuer.replace(/\/+$/, "") : null;
}
let cached: { issuer: string; at: number; doc: Discovery } | null = null;

/** The SSO's OpenID configuration (cached for 10 minutes). */
export async function getOidcDiscovery(): Promise<Discovery | null> {
  const oidc = config.oidc;
  if (!oidc) return null;
  if (cached && cached.issuer === oidc.issuer && Date.now() - cached.at < 600_000) return cached.doc;
  const url = oidc.issuer.replace(/\/$/, "") + "/.well-known/openid-configuration";
  const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`OIDC discovery failed: ${res.status}`);
  const doc = (await res.json()) as Discovery;
  cached = { issuer: oidc.issuer, at: Date.now(), doc };
  return doc;
}

export const SSO_UNREACHABLE = "The single sign-on service could not be reached. Please try again.";
export const INVALID_SIGN_IN_LINK = "Your sign-in link is invalid or has expired. Please sign in again.";
export const LINK_NOT_FOR_PORTAL =
  "This sign-in link was not issued for the Staff Portal. Please sign in with SSO instead.";
export const LINK_NOT_CHECKABLE =
  "The single sign-on service cannot confirm that this sign-in link was issued for the Staff Portal. Please sign in with SSO instead.";

/** Claims as the SSO sends them: every one is a claim to check, not a fact (lib/auth/accounts.ts). */
export type SsoClaims = {
  sub: string;
  email?: string;
  /** OpenID Connect says boolean; some providers send the string "true". */
  email_verified?: boolean | string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
};

/** True only for an e-mail the SSO says it verified. */
export function emailVerified(claims: Pick<SsoClaims, "email_verified">): boolean {
  return claims.email_verified === true || claims.email_verified === "true";
}

async function discoveryOrRefuse(): Promise<Discovery> {
  let doc: Discovery | null;
  try {
    doc = await getOidcDiscovery();
  } catch {
    throw new AppError(401, SSO_UNREACHABLE);
  }
  if (!doc?.userinfo_endpoint || !config.oidc) throw new AppError(400, "Single sign-on is not configured.");
  return doc;
}

function audiences(value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}

/** True when a token's claims say it was issued to the portal's client (client_id, aud or azp). */
function issuedToPortal(claims: { client_id?: unknown; azp?: unknown; aud?: unknown }, clientId: string): boolean {
  return claims.client_id === clientId || claims.azp === clientId || audiences(claims.aud).includes(clientId);
}

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * The subject of an access token that the SSO confirms was issued to this portal, else a 401 with a
 * clear message. A token another application received is a valid token too: its userinfo answers, so
 * userinfo alone would let that application sign its users in here as whoever the token names.
 * - RFC 7662 introspection when the SSO offers it (the portal authenticates as its client): the token
 *   must be active and its `client_id` (or `aud`) the portal's.
 * - Else a JWT access token, verified against the SSO's keys (jwks_uri) and issuer: its `aud`, `azp` or
 *   `client_id` must name the portal.
 * - Else the token cannot be checked, and is refused.
 */
export async function verifyAccessTokenAudience(accessToken: string): Promise<{ sub: string }> {
  const doc = await discoveryOrRefuse();
  const oidc = config.oidc!;
  if (doc.introspection_endpoint) {
    let res: Response;
    try {
      res = await fetch(doc.introspection_endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(oidc.clientId)}:${encodeURIComponent(oidc.clientSecret)}`).toString("base64")}`,
        },
        body: new URLSearchParams({ token: accessToken, token_type_hint: "access_token" }).toString(),
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      throw new AppError(401, SSO_UNREACHABLE);
    }
    if (!res.ok) {
      // The SSO refused the portal's own client credentials: a configuration fault, not the visitor's.
      logger.error({ status: res.status }, "SSO token introspection refused the portal's client");
      throw new AppError(401, LINK_NOT_CHECKABLE);
    }
    const body = (await res.json().catch(() => null)) as {
      active?: unknown;
      sub?: unknown;
      client_id?: unknown;
      aud?: unknown;
      azp?: unknown;
    } | null;
    if (body?.active !== true || typeof body.sub !== "string" || !body.sub)
      throw new AppError(401, INVALID_SIGN_IN_LINK);
    if (!issuedToPortal(body, oidc.clientId)) throw new AppError(401, LINK_NOT_FOR_PORTAL);
    return { sub: body.sub };
  }
  let isJwt = false;
  try {
    isJwt = accessToken.split(".").length === 3 && !!decodeProtectedHeader(accessToken).alg;
  } catch {
    isJwt = false;
  }
  if (isJwt && doc.jwks_uri) {
    let jwks = jwksByUri.get(doc.jwks_uri);
    if (!jwks)
      jwksByUri.set(doc.jwks_uri, (jwks = createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000 })));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(accessToken, jwks, {
        issuer: doc.issuer,
        algorithms: ["RS256", "PS256", "ES256", "EdDSA"],
      }));
    } catch {
      throw new AppError(401, INVALID_SIGN_IN_LINK);
    }
    if (typeof payload.sub !== "string" || !payload.sub) throw new AppError(401, INVALID_SIGN_IN_LINK);
    if (!issuedToPortal(payload as { client_id?: unknown; azp?: unknown; aud?: unknown }, oidc.clientId))
      throw new AppError(401, LINK_NOT_FOR_PORTAL);
    return { sub: payload.sub };
  }
  throw new AppError(401, LINK_NOT_CHECKABLE);
}

/**
 * The claims of an SSO access token that was issued to this portal (verifyAccessTokenAudience), read
 * from the SSO's userinfo endpoint; refuses forged, expired and foreign tokens.
 */
export async function fetchUserinfo(accessToken: string): Promise<SsoClaims> {
  const { sub } = await verifyAccessTokenAudience(accessToken);
  const doc = await discoveryOrRefuse();
  let res: Response;
  try {
    res = await fetch(doc.userinfo_endpoint!, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new AppError(401, SSO_UNREACHABLE);
  }
  if (!res.ok) throw new AppError(401, INVALID_SIGN_IN_LINK);
  const claims = (await res.json().catch(() => null)) as SsoClaims | null;
  // Userinfo must speak of the same subject the token was issued for (OpenID Connect Core 5.3.2).
  if (typeof claims?.sub !== "string" || claims.sub !== sub) throw new AppError(401, INVALID_SIGN_IN_LINK);
  return claims;
}

/** RP-initiated logout URL, when the SSO offers one. */
export async function ssoLogoutUrl(idToken: string | null, postLogoutRedirect: string): Promise<string | null> {
  try {
    const doc = await getOidcDiscovery();
    if (!doc?.end_session_endpoint) return null;
    const u = new URL(doc.end_session_endpoint);
    if (idToken) u.searchParams.set("id_token_hint", idToken);
    u.searchParams.set("post_logout_redirect_uri", postLogoutRedirect);
    if (config.oidc) u.searchParams.set("client_id", config.oidc.clientId);
    return u.toString();
  } catch {
    return null;
  }
}
