import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import {
  APP_PORT,
  BASE_URL,
  DATA_DIR,
  E2E_DIR,
  SMTP_PORT,
  SSO_CLIENT_ID,
  SSO_CLIENT_SECRET,
  SSO_ISSUER,
} from "./e2e/support/env";

// Debian's Chromium when installed (no browser download on these machines), else Playwright's own. Headless, its
// headless shell (Debian's chromium-headless-shell, the build Playwright itself runs headless): the full browser's
// headless mode also runs the browser's own UI (a 'top-chrome' WebUI renderer for every page). content.spec.ts and
// forms.spec.ts took 178 s in it and 128 s in the shell on this 2-core machine. `--headed` needs the full browser.
const headed = process.argv.includes("--headed") || process.argv.includes("--ui") || !!process.env.PWDEBUG;
const systemChromium = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"]
  .slice(headed ? 1 : 0)
  .find((file) => fs.existsSync(file));
const launchOptions = systemChromium
  ? {
      executablePath: systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // A test's page lives seconds: V8's optimizing compiler and a GPU process of its own cost the two cores more
        // than they save (27 axe scans: 118 s without these two, 96 s with them, interleaved rounds).
        "--js-flags=--no-opt",
        "--in-process-gpu",
      ],
    }
  : {};

/**
 * End-to-end journeys against the production build (`node scripts/start.mjs`, which builds when the
 * sources changed) on a fresh DATA_DIR (so the portal's own PostgreSQL, made anew), with the local OpenID Connect provider
 * (test/oidc/provider.ts, started by e2e/global-setup.ts) as the SSO.
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // A journey is many steps (several people, axe scans and screenshots at two widths): on a slow day of this
  // 2-core machine the longest passed at 30 to 40 s. Each step still fails after the expect timeout.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-report.json" }]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: BASE_URL,
    // A trace costs every test its recording (462 s with, 337 s without, the whole suite on two workers): it is
    // recorded when a failed test runs again (CI retries once); locally, `--trace on`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions,
  },
  // Three tiers: `setup` signs each role in once; `journeys` are the user journeys (a file's tests run in
  // order, as they build on each other); `a11y` is axe on every screen, each test on its own, so spread
  // over both workers. One tier alone: `npx playwright test --project=a11y` (runs setup first).
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    {
      name: "journeys",
      testMatch: /\.spec\.ts$/,
      testIgnore: /accessibility\.spec\.ts$/,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "a11y",
      testMatch: /accessibility\.spec\.ts$/,
      fullyParallel: true,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    // A fresh data folder (database, generated AUTH_SECRET) for every run.
    command: `node -e "for (const d of process.argv.slice(1)) require('fs').rmSync(d,{recursive:true,force:true})" "${E2E_DIR}" "${path.dirname(DATA_DIR)}" && node scripts/start.mjs`,
    url: `${BASE_URL}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the launcher then stops its server processes and its
    // PostgreSQL (which runs in a process group of its own and would outlive a SIGKILL).
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(APP_PORT),
      DATA_DIR,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      AUTH_URL: BASE_URL,
      AUTH_OIDC_ISSUER: SSO_ISSUER,
      AUTH_OIDC_CLIENT_ID: SSO_CLIENT_ID,
      AUTH_OIDC_CLIENT_SECRET: SSO_CLIENT_SECRET,
      SEED_PASSWORD: "demo1234",
      // The SMTP sink of e2e/global-setup.ts: mails are sent, and a journey reads them (e2e/support/mail.ts).
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
  },
});
