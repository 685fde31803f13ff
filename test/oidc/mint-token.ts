import crypto from "node:crypto";

/**
 * Gets a real SSO access token for `username` from the local provider (test/oidc/provider.ts) by going
 * through the authorization code flow over HTTP, as a browser would: authorize, the provider's sign-in
 * form, automatic consent, then the code exchanged at the token endpoint. The token is accepted by the
 * provider's userinfo endpoint, which is what the portal's auto sign-in (`/login?token=&username=`)
 * checks. The redirect URI is only used to catch the code; nothing is sent to it.
 */
export async function mintAccessToken(input: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  username: string;
}): Promise<{ accessToken: string; idToken: string }> {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || !value) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    remember(res);
    return res;
  };

  const verifier = crypto.randomBytes(32).toString("base64url");
  const challenge = crypto.createHash("sha256").update(verifier).digest("base64url");
  const auth = new URL("/auth", input.issuer);
  auth.search = new URLSearchParams({
    client_id: input.clientId,
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: input.redirectUri,
    state: crypto.randomBytes(8).toString("hex"),
    nonce: crypto.randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();

  let url = auth.toString();
  let code: string | null = null;
  for (let hop = 0; hop < 10 && !code; hop++) {
    let res = await request(url);
    if (res.status === 200 && new URL(url).pathname.startsWith("/interaction/")) {
      await res.text();
      // The sign-in form: post the username.
      res = await request(`${url}/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: input.username }).toString(),
      });
    }
    const location = res.headers.get("location");
    if (!location)
      throw new Error(`SSO authorization stopped at ${url} (${res.status}): ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer().catch(() => undefined);
    const next = new URL(location, url);
    if (next.toString().startsWith(input.redirectUri)) {
      code = next.searchParams.get("code");
      if (!code)
        throw new Error(
          `SSO authorization failed: ${next.searchParams.get("error")} ${next.searchParams.get("error_description") ?? ""}`,
        );
    } else url = next.toString();
  }
  if (!code) throw new Error("SSO authorization did not return a code");

  const res = await fetch(new URL("/token", input.issuer), {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(input.clientId)}:${encodeURIComponent(input.clientSecret)}`).toString("base64")}`,
    },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: input.redirectUri,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await res.json()) as {
    access_token?: string;
    id_token?: string;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token)
    throw new Error(`SSO token exchange failed: ${body.error} ${body.error_description ?? ""}`);
  return { accessToken: body.access_token, idToken: body.id_token ?? "" };
}
