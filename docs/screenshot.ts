/**
 * Refreshes docs/screenshot.png (the README's picture): starts the production server on a fresh temp
 * DATA_DIR (demo data), signs in as `admin` through the real sign-in form in headless Chromium, and
 * captures the first menu page. `npx tsx docs/screenshot.ts` (builds first when the sources changed).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { ROOT, startServer } from "../bench/lib/server";

const PORT = Number(process.env.PORT ?? 3305);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-shot-"));
const out = path.join(ROOT, "docs", "screenshot.png");
const server = await startServer({
  port: PORT,
  dataDir: path.join(tmp, "data"),
  logFile: path.join(tmp, "server.log"),
  readyPath: "/login",
});
const executablePath = fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill(process.env.SEED_PASSWORD ?? "demo1234");
  await page.getByRole("button", { name: /^sign in$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: out });
  console.log(`Saved ${path.relative(ROOT, out)} (${page.url()})`);
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
