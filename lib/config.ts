import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

/** Runtime configuration, read from the environment with the defaults the README documents. */
export const config = {
  get port() {
    return Number(process.env.PORT ?? 3000);
  },
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.cwd(), process.env.DATA_DIR ?? ".data");
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || undefined;
  },
  get seedPassword() {
    return process.env.SEED_PASSWORD || "demo1234";
  },
  get oidc() {
    const issuer = process.env.AUTH_OIDC_ISSUER;
    const clientId = process.env.AUTH_OIDC_CLIENT_ID;
    if (!issuer || !clientId) return null;
    return { issuer, clientId, clientSecret: process.env.AUTH_OIDC_CLIENT_SECRET ?? "" };
  },
};

let cachedSecret: string | undefined;

/**
 * AUTH_SECRET from the environment, or one generated on first use and kept in DATA_DIR so sessions
 * survive restarts on a machine that configured nothing. Production sets AUTH_SECRET.
 */
export function getAuthSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  if (cachedSecret) return cachedSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    cachedSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      cachedSecret = secret;
    } catch {
      cachedSecret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return cachedSecret!;
}
