import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * Builds one migrated, seeded template per test run: a PGlite dump file (embedded mode) or a
 * PostgreSQL template database (TEST_DATABASE_URL). Each test file clones it (test/db.ts).
 */
export default async function setup() {
  process.env.SEED_PASSWORD = "demo1234";
  const { openDatabase } = await import("@/lib/db");
  const { seedDatabase } = await import("@/lib/db/seed");
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const tpl = `portal_tpl_${process.pid}`;
    const admin = postgres(url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${tpl}`);
    await admin.unsafe(`CREATE DATABASE ${tpl}`);
    const tplUrl = withDatabase(url, tpl);
    const handle = await openDatabase({ url: tplUrl });
    await seedDatabase(handle.db, { password: "demo1234" });
    await handle.close();
    process.env.TEST_TEMPLATE_DB = tpl;
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${tpl}`);
      await admin.end();
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const schema = await import("@/db/schema");
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema, casing: "snake_case" });
  await migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
  await seedDatabase(db as never, { password: "demo1234" });
  const dump = await client.dumpDataDir("none");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-")), "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  process.env.TEST_TEMPLATE_DUMP = file;
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
