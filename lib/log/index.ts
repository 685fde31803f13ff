import pino from "pino";

/** Structured JSON logs. Each request logs with its request id (x-request-id, or one we make). */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { app: "portal" },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export function requestIdFrom(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
