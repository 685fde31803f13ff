import path from "node:path";
import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";
import { logger } from "@/lib/log";
import type { SessionUser } from "@/lib/auth/session";
import { SEED_PASSWORD, type BenchContext } from "./context";
import { chooseDatabase } from "./database";
import { openEmbedded } from "./embedded";

type Db = Awaited<ReturnType<typeof openDatabase>>["db"];

/**
 * Runs `body` with the portal's services in this process, as the server runs them, on a seeded database of
 * the bench's own (PostgreSQL at BENCH_DATABASE_URL by default, else the embedded one; dropped afterwards).
 * `userOf(username)` is that user's session (as a bearer token resolves it). Server-only modules load here:
 * `body` imports them (dynamically) after this installed their guard.
 */
export async function withServiceDatabase(
  ctx: BenchContext,
  prefix: string,
  body: (db: Db, userOf: (username: string) => Promise<SessionUser>) => Promise<void>,
) {
  const require = createRequire(import.meta.url);
  const guard = require.resolve("server-only");
  require.cache[guard] = { id: guard, filename: guard, loaded: true, exports: {} } as NodeJS.Module;
  const { resolveToken, issueToken } = await import("@/lib/auth/session");
  const db0 = await chooseDatabase(prefix);
  const handle =
    db0.kind === "postgres"
      ? await openDatabase({ url: db0.url })
      : await openEmbedded(path.join(ctx.tmpDir, `${prefix}-data`));
  console.log(`  database: ${db0.kind === "postgres" ? "PostgreSQL" : "the portal's own PostgreSQL"}`);
  setDbForTesting(handle);
  const level = logger.level;
  logger.level = "error";
  try {
    const db = handle.db;
    await seedDatabase(db, { password: SEED_PASSWORD });
    const userOf = async (username: string) => {
      const [u] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.username, username));
      return (await resolveToken((await issueToken({ userId: u.id, kind: "api" })).token)) as SessionUser;
    };
    await body(db, userOf);
  } finally {
    logger.level = level;
    setDbForTesting(undefined);
    await handle.close();
    await db0.drop();
  }
}
