import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { eq } from "drizzle-orm";
import { schema, setDbForTesting } from "@/lib/db";
import { openEmbedded } from "./embedded";
import { seedDatabase } from "@/lib/db/seed";
import { issueToken } from "@/lib/auth/session";
import { SESSION_TTL_MS } from "@/lib/auth/tokens";
import { startServer, type RunningServer } from "./server";

/**
 * Ports this bench may use; the shared server takes the first. `BENCH_PORT=3340` moves the range (eleven
 * ports from there) so benches of several worktrees can run side by side.
 */
const BASE_PORT = Number(process.env.BENCH_PORT) || 3300;
export const PORTS = { first: BASE_PORT, last: BASE_PORT + 10 };
export const MENU_ITEMS = 50;
export const SEED_PASSWORD = "demo1234";

export type BenchServer = {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Browser session cookie header of `admin` (Auth.js JWT holding a session row's secret). */
  cookie: string;
  /** `Authorization` header value of an `admin` v1 API token (from POST /api/v1/login). */
  bearer: string;
  /** Milliseconds the last start took (spawn to first 200). */
  startMs: number;
  /** CPU time used so far by the server's processes, ms (null where /proc is missing). */
  cpuMs: () => number | null;
};

export type Check = { label: string; value: string; target: string; pass: boolean };

/**
 * What bench/run.ts hands to every bench module's `run(ctx)`: one shared production server (built if
 * needed, temp DATA_DIR, 50 menu items, a signed-in admin), started on first use and
 * stopped by the runner after each module. Modules that need their own server use `ctx.port()` and
 * `ctx.tmpDir`.
 */
export class BenchContext {
  // Open to other users (mkdtemp makes it 700): run as root, the portal's PostgreSQL runs as `postgres` and must
  // reach the data folder inside it.
  readonly tmpDir = openToOthers(fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-")));
  readonly dataDir = path.join(this.tmpDir, "data");
  readonly logFile = path.join(this.tmpDir, "server.log");
  readonly authSecret = crypto.randomBytes(32).toString("base64url");
  readonly checks: Check[] = [];
  private running: RunningServer | null = null;
  private prepared: { cookie: string; bearer: string | null } | null = null;
  private nextPort = PORTS.first + 1;

  /** A free port from this bench's range for a module's own processes. */
  port(): number {
    if (this.nextPort > PORTS.last) throw new Error(`No bench ports left (${PORTS.first}-${PORTS.last})`);
    return this.nextPort++;
  }

  /** Records a figure with its target; the runner prints every check at the end. */
  check(label: string, value: string, target: string, pass: boolean) {
    this.checks.push({ label, value, target, pass });
    console.log(`  ${pass ? "PASS" : "MISS"}  ${label}: ${value} (target ${target})`);
  }

  /** The shared server, started (and the data prepared) on first use. */
  async server(): Promise<BenchServer> {
    if (!this.prepared) this.prepared = { cookie: await this.prepareData(), bearer: null };
    if (!this.running) this.running = await this.start("/api/health");
    if (!this.prepared.bearer) this.prepared.bearer = await this.login();
    return {
      baseUrl: this.running.baseUrl,
      port: PORTS.first,
      dataDir: this.dataDir,
      cookie: this.prepared.cookie,
      bearer: this.prepared.bearer,
      startMs: this.running.startMs,
      cpuMs: this.running.cpuMs,
    };
  }

  /**
   * Makes sure the production build is current (scripts/start.mjs builds when the sources changed) by
   * starting the shared server once; modules that run servers of their own rely on it.
   */
  async ensureBuilt() {
    await this.server();
    await this.stopServer();
  }

  /** Stops the shared server (the data stays for the next start). */
  async stopServer() {
    const r = this.running;
    this.running = null;
    if (r) await r.stop();
  }

  /**
   * Stops the server if it runs and starts it again on the same (built, migrated) data: the
   * milliseconds until `readyPath` first answered 200, and the CPU time the server's processes used
   * meanwhile (null without /proc).
   */
  async restart(readyPath: string): Promise<{ ms: number; cpuMs: number | null }> {
    await this.server(); // built, migrated and seeded before the clock starts
    await this.stopServer();
    this.running = await this.start(readyPath);
    return { ms: this.running.startMs, cpuMs: this.running.cpuMs() };
  }

  async dispose(opts: { keep?: boolean } = {}) {
    await this.stopServer();
    if (!opts.keep) fs.rmSync(this.tmpDir, { recursive: true, force: true });
  }

  private async start(readyPath: string) {
    return startServer({
      port: PORTS.first,
      dataDir: this.dataDir,
      logFile: this.logFile,
      readyPath,
      env: { AUTH_SECRET: this.authSecret, SEED_PASSWORD, AUTH_URL: `http://127.0.0.1:${PORTS.first}` },
    });
  }

  /**
   * While no server holds the embedded database: migrates and seeds it, adds menu items up to
   * MENU_ITEMS (with sub-menus), and issues a browser session for `admin` the way sign-in does
   * (a session row in api_tokens whose secret travels in the encrypted Auth.js cookie).
   */
  private async prepareData(): Promise<string> {
    const handle = await openEmbedded(this.dataDir);
    setDbForTesting(handle);
    try {
      const db = handle.db;
      await seedDatabase(db, { password: SEED_PASSWORD });
      const existing = await db.select({ id: schema.menus.id }).from(schema.menus);
      const icons = await db.select({ id: schema.icons.id }).from(schema.icons);
      let missing = MENU_ITEMS - existing.length;
      for (let i = 0; missing > 0; i++) {
        const [parent] = await db
          .insert(schema.menus)
          .values({
            slug: `bench-page-${i + 1}`,
            title: `Bench Page ${i + 1}: Dealership Operations and Training Material`,
            iconId: icons[i % icons.length].id,
            pageTypes: i % 3 === 0 ? [1, 2] : [1 + (i % 2)],
            allowInAttachment: i % 2 ? 3 : null,
            position: 100 + i,
          })
          .returning({ id: schema.menus.id });
        missing--;
        // Every fourth page gets two sub-menus, so the tree has depth like a real one.
        for (let c = 0; c < 2 && missing > 0 && i % 4 === 0; c++, missing--) {
          await db.insert(schema.menus).values({
            slug: `bench-page-${i + 1}-sub-${c + 1}`,
            title: `Bench Sub-page ${c + 1} of Page ${i + 1} with a Long Title`,
            iconId: icons[(i + c) % icons.length].id,
            pageTypes: [1],
            parentId: parent.id,
            position: c,
          });
        }
      }
      const [admin] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.username, "admin"));
      const { token: sid } = await issueToken({ userId: admin.id, kind: "session", userAgent: "portal-bench" });
      const salt = "authjs.session-token";
      const jwt = await encode({ token: { sid }, secret: this.authSecret, salt, maxAge: SESSION_TTL_MS / 1000 });
      return `${salt}=${jwt}`;
    } finally {
      setDbForTesting(undefined);
      await handle.close();
    }
  }

  /** A v1 API token for `admin` through the real POST /api/v1/login. */
  private async login(): Promise<string> {
    const res = await fetch(`${this.running!.baseUrl}/api/v1/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: SEED_PASSWORD }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { content?: { api_token?: string }; message?: string };
    if (res.status !== 200 || !body.content?.api_token)
      throw new Error(`POST /api/v1/login answered ${res.status}: ${body.message}`);
    return `Bearer ${body.content.api_token}`;
  }
}

function openToOthers(dir: string): string {
  fs.chmodSync(dir, 0o755);
  return dir;
}
