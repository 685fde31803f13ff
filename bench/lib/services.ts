import { eq } from "drizzle-orm";
import { schema, type Db } from "@/lib/db";
import type { SessionUser } from "@/lib/auth/session";

/**
 * What the in-process benches (requests, approvals) call lib with: a seeded user's session, as their v1
 * token resolves it, and the seed's first location of department 5 (where they file and map requests).
 * lib/auth/session is imported when asked for: after the bench has shimmed `server-only`.
 */
export async function benchServices(db: Db) {
  const { resolveToken, issueToken } = await import("@/lib/auth/session");
  const userOf = async (username: string) => {
    const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username));
    return (await resolveToken((await issueToken({ userId: u.id, kind: "api" })).token)) as SessionUser;
  };
  const [location] = await db
    .select({ id: schema.locations.id })
    .from(schema.locations)
    .where(eq(schema.locations.departmentId, 5))
    .limit(1);
  return { userOf, location };
}
