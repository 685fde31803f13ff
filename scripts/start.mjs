#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, starts the portal's own PostgreSQL
// server in DATA_DIR unless DATABASE_URL names one (scripts/embedded-db.mjs), prepares the database
// (migrations, first-start seed) in a short-lived process, then serves the portal from WEB_CONCURRENCY
// server processes (default: one per core) that share the port (scripts/portal-worker.mjs). This
// process supervises them: a server process that dies is replaced; the embedded database is restarted
// when it stops underneath; Ctrl-C or SIGTERM stops the servers first, then the database.
// `--no-build` serves the existing build as it is (the benches build first and refuse to run without one);
// `--build-only` builds when the sources changed and exits (`npm test` builds beside its vitest tiers).
// `--dev` runs one `next dev` instead (npm run dev), on the same database.
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { isPrepared, markPrepared } from "./prepared-marker.mjs";
import { StartError, startEmbeddedDatabase } from "./embedded-db.mjs";
import { configuredOrigin } from "../lib/http/proxy-trust.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const require = createRequire(import.meta.url);
const nextBin = path.join(root, "node_modules/next/dist/bin/next");
const dev = process.argv.includes("--dev");
const buildOnly = process.argv.includes("--build-only");

// .env files, as Next reads them, so the database step below sees the same DATABASE_URL as the server.
require("@next/env").loadEnvConfig(root, dev, { info: () => {}, error: console.error });

const stampFile = path.join(root, ".next", "source-stamp");
const watched = [
  "app",
  "components",
  "lib",
  "db",
  "pages",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package-lock.json",
  "postcss.config.mjs",
];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

function fail(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOSTNAME || undefined;
const workers = dev
  ? 1
  : Math.max(1, Number(process.env.WEB_CONCURRENCY) || os.availableParallelism?.() || os.cpus().length || 1);
const pool = Number(process.env.DATABASE_POOL ?? 10);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");

// The web port first: a port another program holds is said before anything is built or started.
if (!buildOnly)
  await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (err) =>
      fail(
        err.code === "EADDRINUSE"
          ? `Port ${port} is already in use${host ? ` on ${host}` : ""} (another program listens there): stop it, or start the portal with PORT=<another port>.`
          : `Cannot listen on port ${port}${host ? ` on ${host}` : ""}: ${err.message}`,
      ),
    );
    probe.listen(port, host, () => probe.close(resolve));
  });

if (dev) {
  // next dev compiles on demand.
} else if (process.argv.includes("--no-build")) {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID")))
    fail("No production build: run `npx next build` first (or `npm start` without --no-build).");
} else {
  const stamp = String(Math.max(...watched.map((w) => newestMtime(path.join(root, w)))));
  const built =
    fs.existsSync(path.join(root, ".next", "BUILD_ID")) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, "utf8") === stamp;
  if (!built || process.env.FORCE_BUILD === "1") {
    console.log("Building the portal (first start or sources changed)...");
    const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
    fs.writeFileSync(stampFile, stamp);
  }
  if (buildOnly) process.exit(0);
}

/** The embedded database (when DATABASE_URL is not set) and what the supervisor knows of it. */
let database = null;
let stopping = false;

async function startDatabase() {
  database = await startEmbeddedDatabase({ dataDir, maxConnections: workers * pool + 20 });
  process.env.DATABASE_URL = database.url;
  void database.exited.then(async (code) => {
    if (stopping) return;
    // Killed or crashed underneath the portal: the server processes answer 503 meanwhile (their
    // connections fail), and reconnect by themselves once it is back on the same port.
    console.error(`The database server stopped unexpectedly (exit ${code}); starting it again...`);
    for (let attempt = 1; !stopping; attempt++) {
      try {
        const before = database.port;
        await startDatabase();
        if (database.port !== before)
          console.error(`The database listens on port ${database.port} now: restarting the server processes.`);
        if (database.port !== before) for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
        console.error("The database server is back.");
        return;
      } catch (err) {
        console.error(`Starting the database failed (attempt ${attempt}): ${err.message}`);
        await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * attempt)));
      }
    }
  });
}

if (process.env.DATABASE_URL) {
  fs.mkdirSync(dataDir, { recursive: true });
} else {
  try {
    await startDatabase();
  } catch (err) {
    if (err instanceof StartError) fail(err.message);
    throw err;
  }
  // An earlier version kept its database inside the server process (DATA_DIR/pgdata). On the first
  // start of this one its rows move into the new server; the old folder stays until that succeeded.
  const oldDir = path.join(dataDir, "pgdata");
  if (database.created && fs.existsSync(oldDir)) {
    console.log(`Found an earlier version's database in ${oldDir}: moving it into the new PostgreSQL server...`);
    const moved = spawnSync(
      process.execPath,
      [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/move-old-database.ts"), oldDir],
      {
        cwd: root,
        stdio: "inherit",
        env: process.env,
      },
    );
    if (moved.status !== 0) {
      // Nothing is lost: the old folder is untouched, and the half-filled new one goes, so the next start tries again.
      stopping = true;
      await database.stop();
      fs.rmSync(path.join(dataDir, "postgres"), { recursive: true, force: true });
      fail(`The move did not succeed; ${oldDir} is unchanged and the next start tries again.`);
    }
    const kept = `${oldDir}.moved`;
    fs.renameSync(oldDir, kept);
    console.log(`The earlier version's database is kept as ${kept}: delete it once the portal shows everything.`);
  }
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  // The server processes first (each finishes its requests; Next exits on the signal), then the database.
  const alive = Object.values(cluster.workers ?? {}).filter(Boolean);
  await Promise.all(
    alive.map(
      (w) =>
        new Promise((resolve) => {
          if (w.isDead()) return resolve();
          w.once("exit", resolve);
          w.process.kill("SIGTERM");
          setTimeout(() => (w.isDead() ? null : w.process.kill("SIGKILL")), 15_000).unref();
        }),
    ),
  );
  if (database) await database.stop();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => void shutdown(0));

// Migrations and the first-start seed run in a process of their own that exits before the servers
// start, so that no server process keeps what that work needed and no two of them migrate at once.
// The server processes still check the migrations when they start. A database already prepared for
// these migrations (scripts/prepared-marker.mjs) skips that process on a warm restart.
if (database && isPrepared(root, dataDir)) {
  console.log("Database already prepared for these migrations.");
} else {
  const prepared = spawnSync(
    process.execPath,
    [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/db-prepare.ts")],
    {
      cwd: root,
      stdio: "inherit",
      env: process.env,
    },
  );
  if (prepared.status !== 0) {
    await shutdown(prepared.status ?? 1);
  }
  if (database) markPrepared(root, dataDir);
}

// The server processes: node:cluster shares the port between them (the primary accepts, the workers serve).
// Each one serves the build through scripts/portal-worker.mjs (Next's handler behind the gate of
// scripts/portal-server.mjs: forwarded headers believed only from TRUST_PROXY, HSTS when the public URL is
// https, and methods no route offers, such as TRACE, are a 405 before Next); --dev runs `next dev` itself,
// without that gate (a developer's machine: a client's X-Forwarded-* headers are believed there).
const args = dev ? ["dev", "-p", String(port), ...(host ? ["-H", host] : [])] : [];
cluster.setupPrimary({
  exec: dev ? nextBin : path.join(root, "scripts/portal-worker.mjs"),
  args,
  // V8's own heap growing factor: exports tighten it while they stream (lib/system/export-heap.ts). Held
  // for every request, it cost pages about a quarter more CPU (docs/benchmarks.md).
  execArgv: process.execArgv,
});

let announced = false;
const recentDeaths = [];
cluster.on("listening", (_worker, address) => {
  if (announced || stopping) return;
  announced = true;
  const shown = !host || host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const db = database ? `PostgreSQL in ${path.join(dataDir, "postgres")} (127.0.0.1:${database.port})` : "DATABASE_URL";
  // Behind a load balancer people open the public address (APP_URL/AUTH_URL), not this instance's port.
  const publicUrl = configuredOrigin();
  console.log(
    `\nThe portal listens on http://${shown}:${address.port} (${workers} server process${workers === 1 ? "" : "es"}; database: ${db})` +
      `${publicUrl ? `; its public address is ${publicUrl}` : ""}.\n`,
  );
});
cluster.on("exit", (worker, code, signal) => {
  if (stopping) return;
  const now = Date.now();
  recentDeaths.push(now);
  while (recentDeaths.length && recentDeaths[0] < now - 60_000) recentDeaths.shift();
  if (recentDeaths.length > workers * 3) {
    console.error(
      `Server processes keep dying (${recentDeaths.length} in a minute, the last with ${signal ?? `exit ${code}`}): stopping.`,
    );
    void shutdown(1);
    return;
  }
  console.error(`Server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}): starting another.`);
  cluster.fork();
});
for (let i = 0; i < workers; i++) cluster.fork();
