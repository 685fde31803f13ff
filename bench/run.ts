/**
 * `npm run bench` runs every bench module in bench/ (a *.ts file exporting `run(ctx)`), in name order;
 * `npm run bench -- shell restart` runs only those. `--keep` keeps the temp folder (data, server.log).
 *
 * A module: `export const description = "..."; export async function run(ctx: BenchContext) {...}`.
 * `ctx.server()` gives the shared production server (built if needed, temp DATA_DIR,
 * 50 menu items, admin cookie and bearer token); `ctx.check(label, value, target, pass)` records a
 * figure; `ctx.port()` and `ctx.tmpDir` serve modules that start processes of their own. The runner
 * builds first, and stops the shared server after each module so modules do not compete for the cores.
 * Figures are printed, not asserted: the exit code is 0 unless a module failed to run.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BenchContext } from "./lib/context";

type BenchModule = { run?: (ctx: BenchContext) => Promise<unknown>; description?: string };

const dir = import.meta.dirname;
const args = process.argv.slice(2);
const keep = args.includes("--keep");
const wanted = args.filter((a) => !a.startsWith("--"));

const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.endsWith(".test.ts") && f !== "run.ts")
  .map((f) => f.slice(0, -3))
  .sort();
const unknown = wanted.filter((w) => !available.includes(w));
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(", ")}. Available: ${available.join(", ")}`);
  process.exit(2);
}

const ctx = new BenchContext();
let cleaning = false;
const cleanup = async (code: number) => {
  if (cleaning) return;
  cleaning = true;
  await ctx.dispose({ keep }).catch(() => {});
  process.exit(code);
};
process.on("SIGINT", () => void cleanup(130));
process.on("SIGTERM", () => void cleanup(143));

const failed: string[] = [];
try {
  console.log("Preparing: production build (when the sources changed), data with 50 menu items, sign-in...");
  await ctx.ensureBuilt();
} catch (err) {
  console.error(`Could not prepare the server: ${err instanceof Error ? err.message : String(err)}`);
  console.error(`Server log: ${ctx.logFile}`);
  await ctx.dispose({ keep: true });
  process.exit(1);
}
for (const name of wanted.length ? wanted : available) {
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as BenchModule;
  if (typeof mod.run !== "function") continue;
  console.log(`\n== ${name}${mod.description ? `: ${mod.description}` : ""}`);
  const started = performance.now();
  try {
    await mod.run(ctx);
  } catch (err) {
    failed.push(name);
    console.error(`  FAILED: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await ctx.stopServer();
  }
  console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}

console.log("\n== summary");
for (const c of ctx.checks) console.log(`${c.pass ? "PASS" : "MISS"}  ${c.label}: ${c.value} (target ${c.target})`);
for (const f of failed) console.log(`FAILED  ${f} (see the output above; server log ${ctx.logFile})`);
if (keep || failed.length) console.log(`temp folder kept: ${ctx.tmpDir}`);
await ctx.dispose({ keep: keep || failed.length > 0 });
process.exit(failed.length ? 1 : 0);
