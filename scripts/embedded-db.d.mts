// Types of scripts/embedded-db.mjs (plain JavaScript, as the launcher runs before TypeScript compiles).
import type { ChildProcess } from "node:child_process";

export const APP_DATABASE: string;
export class StartError extends Error {
  constructor(message: string, code: string);
  code: string;
}
export type Credentials = { user: string; password: string; port: number };
export type EmbeddedServer = {
  /** The portal's database (APP_DATABASE). */
  url: string;
  /** The server's `postgres` database (to create and drop others). */
  adminUrl: string;
  port: number;
  pid: number;
  /** Resolves with the exit code when the server process ends (by stop() or otherwise). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
  child: ChildProcess;
  /** This start made the database (initdb): it holds nothing yet. */
  created: boolean;
};
export function startEmbeddedDatabase(opts: {
  dataDir: string;
  log?: (line: string) => void;
  maxConnections?: number;
  claim?: boolean;
  settings?: Record<string, string>;
  fast?: boolean;
}): Promise<EmbeddedServer>;
export function freePort(preferred?: number): Promise<number>;
export function readCredentials(dataDir: string): Credentials | null;
export function urlOf(c: Credentials, database?: string): string;
export function runningLauncher(dataDir: string): number | null;
export function claimDataDir(dataDir: string): () => void;
export function checkWritable(dataDir: string): void;
export function databaseForScript(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }>;
