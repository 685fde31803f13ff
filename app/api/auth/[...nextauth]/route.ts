import { handlers } from "@/lib/auth/auth";

// Auth.js's own endpoints (OIDC callback, CSRF, session). Access is Auth.js's business here.
export const { GET, POST } = handlers;
