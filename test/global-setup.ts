import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { startEmbeddedDatabase } from "@/scripts/embedded-db.mjs";

/**
 * Builds one migrated, seeded template database per test run, which each test file clones (test/db.ts):
 * on a PostgreSQL server of the run's own (the portal's embedded one, in a temporary folder), or on
 * TEST_DATABASE_URL's server when given.
 */
export default async function setup() {
  process.env.SEED_PASSWORD = "demo1234";
  const { openDatabase } = await import("@/lib/db");
  const { seedDatabase } = await import("@/lib/db/seed");
  let url = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!url) {
    // Under the system's temporary folder, which PostgreSQL's own user can reach when tests run as root.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-db-"));
    fs.chmodSync(dir, 0o755);
    const server = await startEmbeddedDatabase({ dataDir: dir, log: () => {}, fast: true, maxConnections: 300 });
    url = server.adminUrl;
    process.env.TEST_DATABASE_URL = url;
    stopServer = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const tpl = `portal_tpl_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${tpl}`);
  await admin.unsafe(`CREATE DATABASE ${tpl}`);
  const handle = await openDatabase({ url: withDatabase(url, tpl) });
  await seedDatabase(handle.db, { password: "demo1234" });
  await handle.close();
  process.env.TEST_TEMPLATE_DB = tpl;
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${tpl} WITH (FORCE)`);
    await admin.end();
    await stopServer();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
