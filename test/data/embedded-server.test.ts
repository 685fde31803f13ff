/**
 * The portal's own PostgreSQL (scripts/embedded-db.mjs) and the launcher's faults (docs/architecture.md): a second
 * start on one DATA_DIR is refused naming the first; a launcher killed with SIGKILL leaves nothing that
 * blocks the next start; a recorded port taken by another program moves; a DATA_DIR that cannot be
 * written is said plainly; the database killed under the portal answers 503 through the API, loses no
 * committed row and serves again once it is back; a stop during a save rolls the save back whole and
 * shuts down cleanly; `npm start` on a port in use is refused plainly.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { sql } from "drizzle-orm";
import { readCredentials, startEmbeddedDatabase, type EmbeddedServer } from "@/scripts/embedded-db.mjs";
import { openDatabase, setDbForTesting } from "@/lib/db";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { apiRequest, callRoute } from "@/test/db";

const root = path.resolve(import.meta.dirname, "..", "..");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-embedded-"));
fs.chmodSync(tmp, 0o755);
const dataDir = path.join(tmp, "data");
const quiet = () => {};
const engine = path.join(root, "scripts", "embedded-db.mjs");

/** A node process that starts the server on `dir` (claiming it) and prints its pid, then waits. */
function holder(dir: string) {
  const code = `import(${JSON.stringify(engine)}).then(async (m) => { const s = await m.startEmbeddedDatabase({ dataDir: ${JSON.stringify(dir)}, log: () => {}, fast: true }); console.log("up " + s.pid); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ["-e", code], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
  const up = new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => {
      const m = /up (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    child.once("exit", (c) => reject(new Error(`holder exited ${c}`)));
  });
  return { child, up };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

let server: EmbeddedServer | undefined;

afterAll(async () => {
  setDbForTesting(undefined);
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the portal's own PostgreSQL", () => {
  it("refuses a second start on the same DATA_DIR, naming the first; after a SIGKILL the next start recovers", async () => {
    const first = holder(dataDir);
    const pgPid = await first.up;
    await expect(startEmbeddedDatabase({ dataDir, log: quiet, fast: true })).rejects.toThrow(
      new RegExp(`already running on .* \\(process ${first.child.pid}\\)`),
    );

    // The launcher dies without stopping its database: the next start stops that server and starts afresh.
    const exited = new Promise((r) => first.child.once("exit", r));
    first.child.kill("SIGKILL");
    await exited;
    expect(alive(pgPid)).toBe(true);
    const lines: string[] = [];
    server = await startEmbeddedDatabase({ dataDir, log: (l) => lines.push(l), fast: true });
    expect(lines.join("\n")).toContain(
      `Stopping the database server (process ${pgPid}) that an earlier start left running`,
    );
    expect(alive(pgPid)).toBe(false);
    await server.stop();
    server = undefined;
  }, 180_000);

  it("listens on 127.0.0.1 only, with the recorded password; a recorded port that is taken moves", async () => {
    const creds = readCredentials(dataDir)!;
    expect(creds.password.length).toBeGreaterThanOrEqual(24);
    expect((fs.statSync(path.join(dataDir, "postgres.json")).mode & 0o077) === 0).toBe(true);
    // Another program takes the recorded port.
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(creds.port, "127.0.0.1", () => r()));
    const lines: string[] = [];
    try {
      server = await startEmbeddedDatabase({ dataDir, log: (l) => lines.push(l), fast: true });
    } finally {
      squatter.close();
    }
    expect(lines.join("\n")).toContain(`Port ${creds.port} is taken`);
    expect(server.port).not.toBe(creds.port);
    expect(readCredentials(dataDir)!.port).toBe(server.port);
    const db = postgres(server.url, { max: 1, onnotice: () => {} });
    const [row] =
      await db`select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets`;
    expect(row).toEqual({ listen: "127.0.0.1", sockets: "" });
    await db.end();
    const wrong = postgres(server.url.replace(creds.password, "wrong"), { max: 1, onnotice: () => {} });
    await expect(wrong`select 1`).rejects.toThrow(/password authentication failed/);
    await wrong.end();
  }, 120_000);

  it("answers 503 while the database is down, keeps what was committed, and serves again when it is back", async () => {
    // As `npm start` runs it (every commit flushed), not the tests' fast settings.
    await server!.stop();
    server = await startEmbeddedDatabase({ dataDir, log: quiet });
    const handle = await openDatabase({ url: server!.url });
    setDbForTesting(handle);
    await handle.db.execute(sql`create table if not exists fault_probe (id int primary key)`);
    await handle.db.execute(sql`insert into fault_probe values (1)`);
    const route = withApi({ public: true }, {}, async () => {
      const { getDb } = await import("@/lib/db");
      const rows = (await (await getDb()).execute(sql`select count(*)::int as n from fault_probe`)) as unknown as {
        n: number;
      }[];
      return ok({ n: rows[0].n });
    });
    expect((await callRoute(route, apiRequest("/api/v1/probe"))).json.content).toEqual({ n: 1 });

    process.kill(server!.pid, "SIGKILL");
    await server!.exited;
    const down = await callRoute(route, apiRequest("/api/v1/probe"));
    expect(down.status).toBe(503);
    expect(down.json.message).toMatch(/database is not available/);

    // Back (the launcher restarts it on the same port): the same pool serves again.
    server = await startEmbeddedDatabase({ dataDir, log: quiet });
    const back = await callRoute(route, apiRequest("/api/v1/probe"));
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json.content).toEqual({ n: 1 });
    setDbForTesting(undefined);
    await handle.close();
  }, 120_000);

  it("a stop during a save: the save rolls back whole, what was committed stays, the shutdown is clean", async () => {
    const db = postgres(server!.url, { max: 1, onnotice: () => {} });
    await db`create table if not exists save_probe (id int primary key, note text)`;
    await db`insert into save_probe values (1, 'committed')`;
    await db.end();
    // A save of two rows in another process (as a server process would make it): its first row
    // written, its transaction still open when the stop comes.
    const code = `const sql = require("postgres")(process.argv[1], { max: 1, onnotice: () => {} });
      sql.begin(async (tx) => { await tx\`insert into save_probe values (2, 'half')\`; console.log("wrote"); await tx\`select pg_sleep(30)\`; await tx\`insert into save_probe values (3, 'half')\`; })
        .then(() => console.log("committed"), () => console.log("rolled back")).finally(() => process.exit(0));`;
    const saver = spawn(process.execPath, ["-e", code, server!.url], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let said = "";
    const outcome = new Promise<string>((resolve) => saver.once("exit", () => resolve(said)));
    await new Promise<void>((resolve) =>
      saver.stdout!.on("data", (d: Buffer) => ((said += String(d)), said.includes("wrote") && resolve())),
    );
    await server!.stop();
    expect(await outcome).toContain("rolled back");
    expect(fs.readFileSync(path.join(dataDir, "postgres.log"), "utf8")).toMatch(/database system is shut down\s*$/);

    server = await startEmbeddedDatabase({ dataDir, log: quiet });
    const again = postgres(server.url, { max: 1, onnotice: () => {} });
    expect(await again`select id, note from save_probe order by id`).toEqual([{ id: 1, note: "committed" }]);
    await again.end();
  }, 120_000);

  it.runIf(process.getuid?.() === 0)(
    "as root, a DATA_DIR that the postgres user cannot enter keeps its cluster outside, removed once DATA_DIR is gone",
    async () => {
      const outside = path.join(tmp, "outside");
      const closed = path.join(tmp, "closed");
      fs.mkdirSync(closed, { mode: 0o700 });
      fs.chmodSync(closed, 0o700);
      const dir = path.join(closed, "data");
      process.env.PORTAL_OUTSIDE_CLUSTERS = outside;
      try {
        const lines: string[] = [];
        let s = await startEmbeddedDatabase({ dataDir: dir, log: (l) => lines.push(l), fast: true });
        const [note] = fs.readdirSync(outside).filter((f) => f.endsWith(".data-dir"));
        const cluster = path.join(outside, note.replace(/\.data-dir$/, ""));
        expect(lines.join("\n")).toContain(`the database's files are kept in ${cluster} instead`);
        expect(fs.readFileSync(path.join(outside, note), "utf8").trim()).toBe(fs.realpathSync(dir));
        expect(fs.existsSync(path.join(cluster, "PG_VERSION"))).toBe(true);
        expect(fs.existsSync(path.join(dir, "postgres"))).toBe(false);
        expect(fs.statSync(closed).mode & 0o777).toBe(0o700); // nothing above DATA_DIR was opened up
        const db = postgres(s.url, { max: 1, onnotice: () => {} });
        await db`create table kept (n int)`;
        await db`insert into kept values (7)`;
        await db.end();
        await s.stop();

        // The same DATA_DIR finds its data again.
        s = await startEmbeddedDatabase({ dataDir: dir, log: quiet, fast: true });
        const again = postgres(s.url, { max: 1, onnotice: () => {} });
        expect(await again`select n from kept`).toEqual([{ n: 7 }]);
        await again.end();
        await s.stop();

        // DATA_DIR deleted: the next start of another such DATA_DIR removes the orphan.
        fs.rmSync(dir, { recursive: true, force: true });
        s = await startEmbeddedDatabase({ dataDir: path.join(closed, "other"), log: quiet, fast: true });
        await s.stop();
        expect(fs.existsSync(cluster)).toBe(false);
        expect(fs.existsSync(path.join(outside, note))).toBe(false);
        expect(fs.readdirSync(outside).filter((f) => f.endsWith(".data-dir"))).toHaveLength(1);
      } finally {
        delete process.env.PORTAL_OUTSIDE_CLUSTERS;
      }
    },
    180_000,
  );

  it("says plainly when DATA_DIR cannot be written", async () => {
    const file = path.join(tmp, "a-file");
    fs.writeFileSync(file, "");
    await expect(startEmbeddedDatabase({ dataDir: path.join(file, "data"), log: quiet })).rejects.toThrow(
      /DATA_DIR .* is not writable/,
    );
  });
});

describe("npm start", () => {
  let squatter: net.Server;
  let port = 0;
  beforeAll(async () => {
    squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(0, () => r()));
    port = (squatter.address() as net.AddressInfo).port;
  });
  afterAll(() => squatter.close());

  it("refuses a port that another program holds, before building or starting anything", () => {
    const r = spawnSync(process.execPath, [path.join(root, "scripts", "start.mjs")], {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: path.join(tmp, "never"), DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`Port ${port} is already in use`);
    expect(fs.existsSync(path.join(tmp, "never"))).toBe(false);
  });
});
