#!/usr/bin/env node
// `npm test`: type check, lint, vitest (unit + database/API integration), then Playwright (when configured).
// Prints a closing plain line `N passed, N failed[, N skipped]` counted from the JSON reports (CI reads
// it) and exits non-zero when anything failed.
//
// Environment:
//   TEST_SCOPE=integration   vitest only (no type check, lint or Playwright)
//   TEST_DATABASE_URL        run the database tests on that PostgreSQL server instead of the run's own
//   TEST_RESULTS_DIR         where the JSON reports go (default .test-results/<scope>)
import { spawnSync } from "node:child_process";
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

function run(title, cmd, args, extraEnv = {}) {
  console.log(`\n━━ ${title}: ${[path.basename(cmd), ...args].join(" ")}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  console.log(`━━ ${title} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${r.status ?? r.signal})`);
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

// 1. Type check (skipped with TEST_SCOPE=integration).
if (scope === "all") {
  const code = run("Type check", bin("tsc"), ["--noEmit", "--pretty"]);
  if (code !== 0) {
    failed += 1;
    problems.push("tsc --noEmit failed");
  }
}

// 2. Lint: eslint with Next's rules, warnings included (skipped with TEST_SCOPE=integration too).
if (scope === "all") {
  const code = run("Lint", bin("eslint"), [".", "--max-warnings=0"]);
  if (code !== 0) {
    failed += 1;
    problems.push("eslint failed");
  }
}

// 3. Vitest: readable output on the console, JSON report to a file.
{
  const report = path.join(resultsDir, "vitest.json");
  const code = run("Vitest", bin("vitest"), [
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ]);
  const json = readJson(report);
  if (!json) {
    failed += 1;
    problems.push(`vitest wrote no report (exit ${code})`);
  } else {
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
    if (code !== 0 && failed === 0) {
      failed += 1;
      problems.push(`vitest exited with ${code}`);
    }
  }
}

// 4. Playwright (user journeys in Chromium), when the project has it configured.
if (scope === "all" && fs.existsSync(path.join(root, "playwright.config.ts"))) {
  const report = path.join(resultsDir, "playwright.json");
  const code = run("Playwright", bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
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

console.log("");
for (const p of problems) console.log(`! ${p}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
