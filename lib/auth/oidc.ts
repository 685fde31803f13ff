import { config } from "@/lib/config";
import { AppError } from "@/lib/errors";

type Discovery = { userinfo_endpoint?: string; end_session_endpoint?: string; issuer: string };
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

const SSO_UNREACHABLE = "The single sign-on service could not be reached. Please try again.";

export type SsoClaims = {
  sub: string;
  email?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
};

/** Verifies an SSO access token by asking the SSO's userinfo endpoint; refuses forged or expired ones. */
export async function fetchUserinfo(accessToken: string): Promise<SsoClaims> {
  let doc: Discovery | null;
  try {
    doc = await getOidcDiscovery();
  } catch {
    throw new AppError(401, SSO_UNREACHABLE);
  }
  if (!doc?.userinfo_endpoint) throw new AppError(400, "Single sign-on is not configured.");
  let res: Response;
  try {
    res = await fetch(doc.userinfo_endpoint, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    throw new AppError(401, SSO_UNREACHABLE);
  }
  if (!res.ok) throw new AppError(401, "Your sign-in link is invalid or has expired. Please sign in again.");
  const claims = (await res.json()) as SsoClaims;
  if (!claims?.sub) throw new AppError(401, "Your sign-in link is invalid or has expired. Please sign in again.");
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
