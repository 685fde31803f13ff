#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then serves the portal.
// The server applies migrations and seeds demo data on first start (instrumentation.ts).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const stampFile = path.join(root, ".next", "source-stamp");
const watched = ["app", "components", "lib", "db", "public", "proxy.ts", "instrumentation.ts", "next.config.ts", "package-lock.json", "postcss.config.mjs"];

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

const stamp = String(Math.max(...watched.map((w) => newestMtime(path.join(root, w)))));
const built = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp;
if (!built || process.env.FORCE_BUILD === "1") {
  console.log("Building the portal (first start or sources changed)...");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stampFile, stamp);
}

const port = process.env.PORT ?? "3000";
const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", port, ...(process.env.HOSTNAME ? ["-H", process.env.HOSTNAME] : [])], {
  cwd: root,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
