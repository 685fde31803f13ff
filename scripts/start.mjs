#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, prepares the database
// (migrations, first-start seed) in a short-lived process, then serves the portal in this process.
// `--no-build` serves the existing build as it is (the benches build first and refuse to run without one).
import { spawnSync } from "node:child_process";
import v8 from "node:v8";
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { isPrepared } from "./prepared-marker.mjs";
import { servePortal } from "./portal-server.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";

// The server's heap grows at most 20% past what is still live after each full collection. V8's own
// factor (up to 4x) let a million-row export's short-lived garbage, promoted while batches wait on the
// database and the socket, pile up to ~230 MB before a full collection, although no more than ~50 MB
// was ever live (bench/forms.ts: 190 MB growth -> 31 MB on PostgreSQL, same export time). Set here, at
// the start of the process that serves (NODE_OPTIONS does not take V8's heap flags).
v8.setFlagsFromString("--heap-growing-percent=20");
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const require = createRequire(import.meta.url);
const nextBin = path.join(root, "node_modules/next/dist/bin/next");

// .env files, as Next reads them, so the database step below sees the same DATABASE_URL as the server.
require("@next/env").loadEnvConfig(root, false, { info: () => {}, error: console.error });

const stampFile = path.join(root, ".next", "source-stamp");
const watched = ["app", "components", "lib", "db", "pages", "public", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

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

if (process.argv.includes("--no-build")) {
  if (!fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
    console.error("No production build: run `npx next build` first (or `npm start` without --no-build).");
    process.exit(1);
  }
} else {
  const stamp = String(Math.max(...watched.map((w) => newestMtime(path.join(root, w)))));
  const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp;
  if (!built || process.env.FORCE_BUILD === "1") {
    console.log("Building the portal (first start or sources changed)...");
    const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) process.exit(r.status ?? 1);
    fs.writeFileSync(stampFile, stamp);
  }
}

// Migrations and the first-start seed run in a process of their own that exits before the server
// starts: the embedded database keeps whatever memory that work needed for the life of the process
// (lib/db/bootstrap.ts, prepareDatabase). The server still checks the migrations when it starts. An
// embedded database already prepared for these migrations has nothing left to prepare, so a warm
// restart skips that process (scripts/prepared-marker.mjs).
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
if (!process.env.DATABASE_URL && isPrepared(root, dataDir)) {
  console.log("Database already prepared for these migrations (pglite).");
} else {
  const prepared = spawnSync(process.execPath, [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/db-prepare.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
}

// The server runs in this process (no supervisor process beside it): `next start`'s handler behind the
// gate of scripts/portal-server.mjs (methods no route offers, such as TRACE, are a 405 before Next).
const port = Number(process.env.PORT ?? "3000");
await servePortal({ root, port, hostname: process.env.HOSTNAME || undefined });
