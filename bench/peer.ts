import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { BenchContext } from "./lib/context";
import { ROOT } from "./lib/server";

export const description =
  "the discussion page against a stock WordPress on this machine: ../shared/peer/portal-vs-wp.sh";

const TARGET = 3.0;

/**
 * Runs the peer script (it starts WordPress when it is down, then the built portal on the default database
 * or `DATABASE_URL`, fills company-news with 10 posts and measures A/B interleaved) and records its last
 * line's ratio. `BENCH_PEER_ROUNDS` (default 3) is its rounds; `BENCH_PEER_SCRIPT` another path to it.
 * Skipped, with a note, where the peer is not beside the project.
 */
export async function run(ctx: BenchContext) {
  const script = process.env.BENCH_PEER_SCRIPT ?? path.resolve(ROOT, "..", "shared", "peer", "portal-vs-wp.sh");
  if (!fs.existsSync(script)) {
    console.log(`  skipped: no peer at ${script}`);
    return;
  }
  const rounds = process.env.BENCH_PEER_ROUNDS ?? "3";
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn("bash", [script, rounds], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    const echo = (d: Buffer) => {
      text += String(d);
      process.stdout.write(String(d).replace(/^(?=.)/gm, "  "));
    };
    child.stdout.on("data", echo);
    child.stderr.on("data", echo);
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${path.basename(script)} exited ${code}`)),
    );
  });
  const m = /ratio A\/B req\/s: ([\d.]+) \(rounds: ([^)]*)\)/.exec(output);
  if (!m) throw new Error("the peer script printed no ratio");
  const ratio = Number(m[1]);
  const database = process.env.DATABASE_URL ? "PostgreSQL at DATABASE_URL" : "the default database";
  ctx.check(
    `/company-news (staff) / WordPress home, ${database} (rounds ${m[2]})`,
    `${ratio.toFixed(2)}x`,
    `>= ${TARGET}x`,
    ratio >= TARGET,
  );
}
