import type { BenchContext } from "./lib/context";
import { machineLoadNote } from "./lib/measure";

export const description = "warm restart to the first served page on the embedded database";

const TARGET_MS = 5000;
const RUNS = 3;

/**
 * Stops the server and starts it again with `npm start`'s script on the same data folder (already
 * built and migrated), timing spawn to the first 200 from GET /login. Three runs; the worst must pass.
 */
export async function run(ctx: BenchContext) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, cpuMs } = await ctx.restart("/login");
    times.push(ms);
    const cpu = cpuMs === null ? "" : ` (server CPU ${(cpuMs / 1000).toFixed(2)} s)`;
    console.log(`  restart ${i + 1}: first page after ${(ms / 1000).toFixed(2)} s${cpu}`);
  }
  const note = machineLoadNote();
  if (note) console.log(`  ${note}`);
  const worst = Math.max(...times);
  ctx.check(
    "warm restart to first served page (worst of 3)",
    `${(worst / 1000).toFixed(2)} s`,
    `< ${TARGET_MS / 1000} s`,
    worst < TARGET_MS,
  );
  return { times };
}
