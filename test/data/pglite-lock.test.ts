/**
 * PGlite is single-process: a second process on the same folder must be refused with a clear message
 * (never allowed to corrupt it), and a lock left by a process that died is taken over.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, schema } from "@/lib/db";
import { acquirePgliteLock } from "@/lib/db/pglite-lock";

const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
  dirs.push(dir);
  return dir;
}

/** Starts a separate node process that holds the lock on `dir` and resolves once it does. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(process.cwd(), "test/fixtures/hold-pglite-lock.ts"), dir], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let err = "";
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
    child.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    child.on("exit", (code) => reject(new Error(`lock holder exited with ${code}: ${err}`)));
  });
  return child;
}

/**
 * Puts a migrated, seeded PGlite database into `dir/pgdata`: from the run's template dump when there is
 * one (about a second), else by migrating a new one (slow: PGlite's initdb).
 */
async function prepareMigratedFolder(dir: string) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const dump = process.env.TEST_TEMPLATE_DUMP;
  if (dump) {
    const client = await PGlite.create(path.join(dir, "pgdata"), { loadDataDir: new Blob([fs.readFileSync(dump)]), extensions: { pg_trgm } });
    await client.close();
  } else {
    const { seedDatabase } = await import("@/lib/db/seed");
    const handle = await openDatabase({ dataDir: dir });
    await seedDatabase(handle.db, { password: "demo1234" });
    await handle.close();
  }
}

function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(r.stdout.toString());
}

afterEach(() => {
  vi.unstubAllEnvs();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe("the embedded database lock", () => {
  it("refuses a second process on a folder held by a live process, with a clear message", async () => {
    vi.stubEnv("DATABASE_URL", "");
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    await expect(openDatabase({ dataDir: dir, migrate: false })).rejects.toThrow(
      `The embedded database in ${dir} is in use by process ${child.pid} (a running portal server, seed or migration). ` +
        "Stop that process first, or set DATABASE_URL to use PostgreSQL.",
    );
    expect(fs.existsSync(path.join(dir, "pgdata"))).toBe(false); // PGlite never touched the folder
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(child.pid));
  });

  it("stops a server starting on a folder another live process holds, with the reason (not a server answering 500s)", async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    // As under Next, which logs an instrumentation hook's failure and keeps serving.
    const server = spawnSync(
      process.execPath,
      ["--import", "tsx", "-e", `import(${JSON.stringify(path.join(process.cwd(), "instrumentation.ts"))}).then((m) => m.register()).then(() => console.log("serving"), (e) => console.log("serving, though " + e.message))`],
      { env: { ...process.env, NEXT_RUNTIME: "nodejs", NEXT_PHASE: "", DATABASE_URL: "", DATA_DIR: dir }, encoding: "utf8", timeout: 60_000 },
    );
    expect(server.status).toBe(1);
    expect(server.stdout).not.toContain("serving");
    expect(server.stderr).toContain(`The embedded database in ${dir} is in use by process ${holder.pid}`);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(holder.pid));
  });

  it("takes over the lock of a process that was killed, opens the database, and releases it on close", async () => {
    vi.stubEnv("DATABASE_URL", "");
    const dir = tempDir();
    await prepareMigratedFolder(dir);
    const child = await holdLockInChild(dir);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(child.pid)); // left behind

    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
      const [{ n }] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.menus);
      expect(n).toBeGreaterThan(0);
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(false);
  });

  it("takes over a lock file naming a dead pid", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), String(deadPid()));
    const release = acquirePgliteLock(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(false);
  });

  it("does not steal a lock whose holder is still writing its pid", async () => {
    const dir = tempDir();
    const lock = path.join(dir, "portal.lock");
    const holder = await holdLockInChild(tempDir()); // any live process
    fs.writeFileSync(lock, ""); // created by the holder, pid not written yet
    const contender = spawn(
      process.execPath,
      ["--import", "tsx", "-e", `import(${JSON.stringify(path.join(process.cwd(), "lib/db/pglite-lock.ts"))}).then((m) => {
        console.log("starting");
        try { m.acquirePgliteLock(${JSON.stringify(dir)}); console.log("took it"); } catch (e) { console.log(e.message); }
      })`],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(contender);
    let out = "";
    const exited = new Promise((resolve) => contender.once("exit", resolve));
    // The contender finds the empty file and waits; only then does the holder write its pid.
    await new Promise<void>((resolve) =>
      contender.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("starting")) resolve();
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    fs.writeFileSync(lock, String(holder.pid));
    await exited;
    expect(out).toContain(`is in use by process ${holder.pid}`);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(holder.pid));
  });
});
