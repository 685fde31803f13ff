/**
 * Faults for the tests of the background jobs' lease (lib/jobs/lease.ts): a database write that fails as
 * a dropped connection does, and a worker in a process of its own that a test kills (SIGKILL) as an
 * instance dies.
 */
import { spawn } from "node:child_process";
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { withDatabase } from "@/test/global-setup";

type Unsafe = (query: string, params?: unknown[], options?: unknown) => unknown;
type Client = { unsafe: Unsafe; begin: (...args: unknown[]) => unknown };

/** A dropped connection, as postgres.js reports it. */
const connectionClosed = () =>
  Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" });

/** A value PostgreSQL does not take (a NUL in text): a write that can never succeed. */
export const valueRefused = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });

/**
 * Makes the first `times` queries of `db` that `match` fail before they reach the server, inside
 * transactions too: as a dropped connection does (postgres.js's CONNECTION_CLOSED), or with `error`'s.
 * Returns the undo.
 */
export function failQueries(
  db: Db,
  match: (query: string, params: unknown[]) => boolean,
  times = 1,
  error: () => Error = connectionClosed,
): () => void {
  const client = (db as unknown as { $client: Client }).$client;
  let failed = 0;
  const patch = (c: Pick<Client, "unsafe">) => {
    const unsafe = c.unsafe;
    c.unsafe = (query, params = [], options) => {
      if (!match(query, params) || failed >= times) return unsafe.call(c, query, params, options);
      failed++;
      const rejected = Promise.reject(error());
      rejected.catch(() => {});
      return Object.assign(rejected, { values: () => rejected });
    };
    return () => void (c.unsafe = unsafe);
  };
  const undo = patch(client);
  // A transaction's queries go through a connection object of its own, handed to begin's callback.
  const begin = client.begin;
  client.begin = (...args: unknown[]) => {
    const work = args.at(-1) as (tx: Client) => unknown;
    return begin.call(client, ...args.slice(0, -1), (tx: Client) => {
      patch(tx);
      return work(tx);
    });
  };
  return () => {
    undo();
    client.begin = begin;
  };
}

export type WorkerProcess = {
  /** Resolves with the process's exit code. */
  exited: Promise<number | null>;
  /** What it wrote to stdout so far. */
  stdout: () => string;
  stderr: () => string;
  kill: () => void;
};

/**
 * Runs `script` (a TypeScript file) in a process of its own against the test's database (`db`'s), with
 * `env` added. tsx runs as a loader in that one process: its CLI would run the script in a child of its
 * own, which a SIGKILL to the CLI does not reach.
 */
export async function spawnWorker(db: Db, script: string, env: Record<string, string>): Promise<WorkerProcess> {
  const [{ name }] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    env: {
      ...process.env,
      DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, name),
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return {
    exited: new Promise((resolve) => child.once("exit", resolve)),
    stdout: () => stdout,
    stderr: () => stderr,
    kill: () => void child.kill("SIGKILL"),
  };
}
