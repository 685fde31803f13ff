/**
 * Instances can start together (docs/operations.md). Two launchers on an empty database both migrated, and one
 * died on `CREATE TYPE "public"."user_status"` (duplicate key). Migrations and the first-start seed now
 * run under one advisory lock (lib/db/migrate.ts): the second waits, then finds the work done.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withDatabase } from "@/test/global-setup";
import { prepareDatabase } from "@/lib/db/bootstrap";
import { migrateDatabase } from "@/lib/db/migrate";

const MIGRATIONS = JSON.parse(fs.readFileSync(path.join(process.cwd(), "db/migrations/meta/_journal.json"), "utf8"))
  .entries.length as number;

const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
const made: string[] = [];

/** A new, empty database (not the run's template): as a first start meets it. */
async function emptyDatabase(): Promise<string> {
  const name = `portal_lock_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.unsafe(`CREATE DATABASE ${name}`);
  made.push(name);
  return withDatabase(process.env.TEST_DATABASE_URL!, name);
}

/** What a first start leaves: migrations recorded, demo users, and the seed's locations (4 per seed run). */
async function prepared(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ migrations }] = await sql<{ migrations: number }[]>`
      select count(*)::int as migrations from drizzle.__drizzle_migrations`;
    const [{ users }] = await sql<{ users: number }[]>`select count(*)::int as users from users`;
    const [{ locations }] = await sql<{ locations: number }[]>`select count(*)::int as locations from locations`;
    return { migrations, users, locations };
  } finally {
    await sql.end();
  }
}

beforeAll(() => {
  process.env.SEED_ON_START = "1";
});
afterAll(async () => {
  for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe("migrations and the first seed run once when instances start together", () => {
  it("two prepares at the same moment on an empty database: both succeed, migrated and seeded once", async () => {
    const url = await emptyDatabase();
    // Each on connections of its own, as two launchers are; with them a server process's own check.
    const [a, b] = await Promise.all([prepareDatabase({ url }), prepareDatabase({ url }), migrateDatabase(url)]);
    expect([a.seeded, b.seeded].sort()).toEqual([false, true]);
    expect(await prepared(url)).toEqual({ migrations: MIGRATIONS, users: 3, locations: 4 });
  });

  it("two launchers' prepare processes started at once: both exit 0, one seeds, the other finds it done", async () => {
    const url = await emptyDatabase();
    const prepare = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "scripts/db-prepare.ts")], {
          env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "silent", SEED_ON_START: "1" },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
        child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
        child.once("exit", (code) => resolve({ code, out }));
      });
    const runs = await Promise.all([prepare(), prepare()]);
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(runs.filter((r) => r.out.includes("Demo data seeded")).length).toBe(1);
    expect(runs.every((r) => r.out.includes("Database ready."))).toBe(true);
    expect(await prepared(url)).toEqual({ migrations: MIGRATIONS, users: 3, locations: 4 });
  }, 60_000);
});
