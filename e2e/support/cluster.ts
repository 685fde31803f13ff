import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "../../scripts/embedded-db.mjs";
import { startS3rver, type RunningS3rver } from "@/test/files/s3-server";
import { startTestSmtp, type TestSmtp } from "@/test/mail/smtp";

/**
 * Several instances of the portal as an operator runs them (docs/operations.md, Several instances): the production build
 * that Playwright's webServer made, served by `scripts/portal-worker.mjs` (one server process each, as
 * `npm start` with WEB_CONCURRENCY=1 runs), on one PostgreSQL of their own (the embedded server, so it can be
 * stopped and started), one S3 (s3rver) and one SMTP server, with the same AUTH_SECRET and APP_URL, behind a
 * round-robin balancer in this process that sets X-Forwarded-* (TRUST_PROXY=loopback).
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");

type Database = Awaited<ReturnType<typeof startEmbeddedDatabase>>;

export type Instance = { url: string; port: number; process: ChildProcess; dataDir: string };

export type Cluster = {
  balancer: string;
  instances: Instance[];
  databaseUrl: string;
  smtp: TestSmtp;
  s3: RunningS3rver;
  /** Stops the database server and starts it again on the same data and port (its own stop/start). */
  restartDatabase: (whileStopped?: () => Promise<void>) => Promise<void>;
  kill: (instance: Instance) => void;
  close: () => Promise<void>;
};

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function waitHealthy(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.ok) return;
    if (Date.now() > until) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Small JSON and form bodies are read first, so a request refused at connect can go to the next instance. */
const RETRYABLE_BODY = 1024 * 1024;

/**
 * Round robin over the instances, like nginx's upstream with `proxy_request_buffering off`: bodies stream,
 * X-Forwarded-For/-Host/-Proto are set, and a request whose connection is refused (an instance that is
 * down: nothing reached it) goes to the next one; once sent, a failure is a 502 and is not sent again.
 */
function startBalancer(backends: () => Instance[]): Promise<{ url: string; server: http.Server }> {
  let next = 0;
  const server = http.createServer((req, res) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const buffered = length <= RETRYABLE_BODY && !req.headers["transfer-encoding"];
    const chunks: Buffer[] = [];
    const attempt = (tries: number) => {
      const list = backends();
      const target = list[next++ % list.length];
      const headers = {
        ...req.headers,
        "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1",
        "x-forwarded-host": req.headers.host ?? "",
        "x-forwarded-proto": "http",
      };
      const upstream = http.request(
        { host: "127.0.0.1", port: target.port, method: req.method, path: req.url, headers, agent: false },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          // The instance died mid-answer (the request's 'error' no longer fires once an answer came): the client's
          // connection is cut, as nginx cuts it, instead of left waiting for the rest until it times out.
          answer.on("close", () => {
            if (!answer.complete) res.destroy();
          });
        },
      );
      upstream.on("error", (err: NodeJS.ErrnoException) => {
        if (err.code === "ECONNREFUSED" && buffered && tries < list.length) return attempt(tries + 1);
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end("bad gateway");
      });
      if (buffered) upstream.end(Buffer.concat(chunks));
      else req.pipe(upstream);
    };
    if (!buffered) return attempt(1);
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => attempt(1));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

export type ClusterOptions = {
  /** The SMTP server's options (a slow one: `beforeAccept`, so senders have mails in flight). */
  smtp?: Parameters<typeof startTestSmtp>[0];
};

export async function startCluster(count = 2, opts: ClusterOptions = {}): Promise<Cluster> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portal-scale-out-"));
  const dbDir = path.join(base, "db");
  const quiet = () => {};
  let database: Database = await startEmbeddedDatabase({ dataDir: dbDir, claim: false, fast: true, log: quiet });
  const s3 = await startS3rver();
  const smtp = await startTestSmtp(opts.smtp);
  const instances: Instance[] = [];
  const alive = () => instances.filter((i) => i.process.exitCode === null && i.process.signalCode === null);
  const balancer = await startBalancer(alive);

  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
    WEB_CONCURRENCY: "1",
    DATABASE_URL: database.url,
    DATABASE_POOL: "5",
    AUTH_SECRET: crypto.randomBytes(32).toString("base64url"),
    AUTH_URL: balancer.url,
    APP_URL: balancer.url,
    TRUST_PROXY: "loopback",
    ...s3.env,
    S3_PREFIX: "portal/",
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    SEED_PASSWORD: "demo1234",
    UPLOAD_SWEEP_MINUTES: "0",
  };
  // Migrations and the seed once, before the instances (as `npm start` does in a process of its own).
  const prepared = spawnSync(
    process.execPath,
    [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), path.join(ROOT, "scripts/db-prepare.ts")],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  if (prepared.status !== 0) throw new Error(`db-prepare failed: ${prepared.stderr}`);

  const serve = (port: number, dataDir: string) =>
    spawn(process.execPath, [path.join(ROOT, "scripts/portal-worker.mjs")], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), HOSTNAME: "127.0.0.1", DATA_DIR: dataDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const dataDir = path.join(base, `instance-${i}`);
    fs.mkdirSync(dataDir, { recursive: true });
    instances.push({ url: `http://127.0.0.1:${port}`, port, process: serve(port, dataDir), dataDir });
  }
  await Promise.all(instances.map((i) => waitHealthy(i.url)));

  return {
    balancer: balancer.url,
    instances,
    get databaseUrl() {
      return database.url;
    },
    smtp,
    s3,
    restartDatabase: async (whileStopped) => {
      const port = database.port;
      await database.stop();
      await whileStopped?.();
      database = await startEmbeddedDatabase({ dataDir: dbDir, claim: false, fast: true, log: quiet });
      if (database.port !== port) throw new Error(`the database came back on port ${database.port}, not ${port}`);
    },
    kill: (instance) => instance.process.kill("SIGKILL"),
    close: async () => {
      for (const i of instances) i.process.kill("SIGTERM");
      await Promise.all(
        instances.map((i) =>
          i.process.exitCode !== null || i.process.signalCode !== null
            ? null
            : new Promise((r) => i.process.once("exit", r)),
        ),
      );
      await new Promise((r) => balancer.server.close(r));
      await smtp.stop();
      await s3.close();
      await database.stop();
      fs.rmSync(base, { recursive: true, force: true });
    },
  };
}
