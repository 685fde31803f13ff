#!/usr/bin/env node
// `npm test`: the whole suite, in tiers. Each tier prints how long it took, and the run ends with a table of them.
// On a 2-core machine the tiers that leave a core idle run side by side:
//   1. static checks (tsc --noEmit, eslint, prettier --check) beside vitest `unit` (tests beside the code, no
//      database)
//   2. vitest `integration` (test/, on PostgreSQL) beside the production build for Playwright
//      (`node scripts/start.mjs --build-only`). The build skips Next's own type check when tier 1's tsc has
//      passed (the same check, done once); when tsc failed, the build checks the types itself.
//   3. Playwright (when configured): `setup`, `journeys` and `a11y` against that build.
// Prints a closing plain line `N passed, N failed[, N skipped]` counted from the JSON reports (CI reads
// it) and exits non-zero when anything failed.
//
// Environment:
//   TEST_SCOPE=integration   vitest only (no static checks, build or Playwright)
//   TEST_DATABASE_URL        run the database tests on that PostgreSQL server instead of the run's own
//   TEST_RESULTS_DIR         where the JSON reports go (default .test-results/<scope>)
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const scope = process.env.TEST_SCOPE === "integration" ? "integration" : "all";
const resultsDir = path.resolve(root, process.env.TEST_RESULTS_DIR ?? path.join(".test-results", scope));
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.env.FORCE_COLOR ?? "1" };
const bin = (name) => path.join(root, "node_modules", ".bin", name);

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

const timings = [];
const runStarted = Date.now();

/**
 * Runs one command; resolves to its exit code. `buffered`: its output is held and printed whole when it
 * ends, so commands that run side by side do not interleave their lines.
 */
function run(title, cmd, args, { extraEnv = {}, buffered = false } = {}) {
  const line = `${title}: ${[path.basename(cmd), ...args].join(" ")}`;
  if (!buffered) console.log(`\n━━ ${line}`);
  const started = Date.now();
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...env, ...extraEnv },
  });
  const output = [];
  child.stdout?.on("data", (chunk) => output.push(chunk));
  child.stderr?.on("data", (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("error", (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      timings.push([title, seconds]);
      if (buffered) {
        console.log(`\n━━ ${line}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`━━ ${title} finished in ${seconds.toFixed(1)} s (exit ${code ?? signal})`);
      resolve(code ?? 1);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

/** Runs one vitest project with a JSON report, and counts what it reports. */
async function vitest(project, buffered) {
  const report = path.join(resultsDir, `vitest-${project}.json`);
  const code = await run(
    `Vitest ${project}`,
    bin("vitest"),
    ["run", `--project=${project}`, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`],
    { buffered },
  );
  const json = readJson(report);
  if (!json) {
    failed += 1;
    problems.push(`vitest ${project} wrote no report (exit ${code})`);
    return;
  }
  const failedBefore = failed;
  passed += json.numPassedTests ?? 0;
  failed += json.numFailedTests ?? 0;
  skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  // A file that fails to load (syntax error, failing beforeAll) has no failed test of its own.
  for (const file of json.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === "failed").length;
    if (file.status === "failed" && failedTests === 0) {
      failed += 1;
      problems.push(`${path.relative(root, file.name)}: ${String(file.message ?? "failed").split("\n")[0]}`);
    }
  }
  if (code !== 0 && failed === failedBefore) {
    failed += 1;
    problems.push(`vitest ${project} exited with ${code}`);
  }
}

const playwright = scope === "all" && fs.existsSync(path.join(root, "playwright.config.ts"));

// 1. Static checks and vitest `unit`, side by side (the static checks are skipped with TEST_SCOPE=integration).
const phase1 = Date.now();
let typesChecked = false;
const checks = [
  ["Type check", bin("tsc"), ["--noEmit", "--pretty"], "tsc --noEmit failed"],
  ["Lint", bin("eslint"), [".", "--max-warnings=0"], "eslint failed"],
  ["Format", bin("prettier"), ["--check", ".", "--log-level", "warn"], "prettier --check failed (npm run format)"],
];
// Side by side with `unit`: in turn (a fresh clone, nothing else running) the checks took 73.4 s and then `unit`
// 57.6 s, 131 s; side by side the tier took 111.5 s.
const staticCodes =
  scope === "all" ? checks.map(([title, cmd, args]) => run(title, cmd, args, { buffered: true })) : [];
await vitest("unit", scope === "all");
(await Promise.all(staticCodes)).forEach((code, i) => {
  if (code !== 0) {
    failed += 1;
    problems.push(checks[i][3]);
  }
});
typesChecked = scope === "all" && (await staticCodes[0]) === 0;
if (scope === "all") timings.push(["= tier 1 wall", (Date.now() - phase1) / 1000]);
const phase2 = Date.now();

// 2. Vitest `integration`, beside the build Playwright serves (its output printed when it ends).
const build = playwright
  ? run("Build", process.execPath, [path.join(root, "scripts", "start.mjs"), "--build-only"], {
      buffered: true,
      extraEnv: typesChecked ? { PORTAL_TYPES_CHECKED: "1" } : {},
    })
  : Promise.resolve(0);
await vitest("integration", false);
const buildCode = await build;
if (buildCode !== 0) {
  failed += 1;
  problems.push(`the production build failed (exit ${buildCode})`);
}
if (playwright) timings.push(["= tier 2 wall", (Date.now() - phase2) / 1000]);

// 3. Playwright (user journeys and axe in Chromium), when the project has it configured.
if (playwright && buildCode === 0) {
  const report = path.join(resultsDir, "playwright.json");
  const code = await run("Playwright", bin("playwright"), ["test", "--reporter=list,json"], {
    extraEnv: { PLAYWRIGHT_JSON_OUTPUT_FILE: report, ...(typesChecked ? { PORTAL_TYPES_CHECKED: "1" } : {}) },
  });
  const json = readJson(report);
  if (!json?.stats) {
    failed += 1;
    problems.push(`playwright wrote no report (exit ${code})`);
  } else {
    const s = json.stats;
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    // Errors outside tests (global setup, web server that did not start).
    const errors = (json.errors ?? []).length;
    if (errors > 0 || (code !== 0 && !s.unexpected)) {
      failed += Math.max(errors, 1);
      problems.push(`playwright: ${errors} error(s) outside tests (exit ${code})`);
    }
  }
}

console.log("\nTime per tier:");
for (const [title, seconds] of timings) console.log(`  ${title.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"= in all".padEnd(18)} ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s`);
console.log("");
for (const p of problems) console.log(`! ${p}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
