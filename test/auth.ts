import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { schema, type Db } from "@/lib/db";
import { issueToken } from "@/lib/auth/session";

/** The Auth.js session cookie name over plain http (the one tests use). */
export const SESSION_COOKIE = "authjs.session-token";

export async function userIdOf(db: Db, username: string): Promise<number> {
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

/** Encrypts a session secret the way Auth.js does, so the value works as the session cookie. */
export async function sessionCookieValue(sid: string): Promise<string> {
  return encode({ token: { sid }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE });
}

/** A real browser session for a seeded user: the session row's secret and the cookie that carries it. */
export async function sessionFor(db: Db, username: string): Promise<{ sid: string; cookie: string; header: string }> {
  const { token } = await issueToken({ userId: await userIdOf(db, username), kind: "session" });
  const cookie = await sessionCookieValue(token);
  return { sid: token, cookie, header: `${SESSION_COOKIE}=${cookie}` };
}

/** Asserts the v1 error envelope `{ code, status: "error", message, content }` with a readable message. */
export function expectErrorEnvelope(res: { status: number; json: unknown }, status: number) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json).toMatchObject({ code: status, status: "error" });
  const json = res.json as { message: unknown; content: unknown };
  expect(typeof json.message).toBe("string");
  expect((json.message as string).length).toBeGreaterThan(3);
  expect(json).toHaveProperty("content");
  expect(Object.keys(json as object).sort()).toEqual(["code", "content", "message", "status"]);
}
