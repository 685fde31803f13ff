import os from "node:os";
import path from "node:path";

/** Ports, URLs and secrets of the end-to-end run (playwright.config.ts, global setup and the tests). */
export const APP_PORT = Number(process.env.E2E_PORT ?? 3200);
/**
 * The portal's public URL (its AUTH_URL) is not `localhost`, as a real domain would not be: Next calls
 * every loopback host `localhost` inside, and SSO once broke on any other origin.
 */
export const APP_HOST = "127.0.0.1";
export const BASE_URL = `http://${APP_HOST}:${APP_PORT}`;
/** The headers of a v1 JSON call from a signed-in browser context: its origin, as the portal's own screens send. */
export const JSON_HEADERS = { origin: BASE_URL, "content-type": "application/json" };
export const SSO_PORT = Number(process.env.E2E_SSO_PORT ?? 3290);
export const SSO_ISSUER = `http://127.0.0.1:${SSO_PORT}`;
export const SSO_CLIENT_ID = "portal-e2e";
/** The SMTP sink the portal sends through (e2e/global-setup.ts): each mail it receives is a JSON file in MAIL_DIR. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? SSO_PORT + 1000);
export const MAIL_DIR = path.join(os.tmpdir(), `portal-e2e-mail-${APP_PORT}`);
export const SSO_CLIENT_SECRET = "portal-e2e-secret";
export const SSO_REDIRECT_URI = `${BASE_URL}/api/auth/callback/oidc`;
export const SSO_POST_LOGOUT_URI = `${BASE_URL}/login`;

/** What a run writes (storage states); removed before each run. */
export const E2E_DIR = path.resolve(import.meta.dirname, "..", ".e2e-data");
/**
 * The portal's DATA_DIR (its own PostgreSQL, uploads), also removed before each run: under the system's
 * temporary folder, which PostgreSQL's own user can enter when the run is root's (a clone under /root
 * is closed to it).
 */
export const DATA_DIR = path.join(os.tmpdir(), `portal-e2e-${APP_PORT}`, "data");

export const PASSWORD = "demo1234";
export const ROLES = ["admin", "manager", "staff"] as const;
export type Role = (typeof ROLES)[number];
export const storageStateOf = (role: Role) => path.join(E2E_DIR, "auth", `${role}.json`);

/** The first menu page every seeded role lands on. */
export const FIRST_MENU = { slug: "company-news", title: "Company News" };
/** The administrator's header dropdown items (role 1 only). */
export const ADMIN_ITEMS = [
  "Edit Menu",
  "User",
  "Calendar Keys",
  "Attachment Group",
  "Mail Outbox",
  "Compliance",
  "Request Deadlines",
] as const;
