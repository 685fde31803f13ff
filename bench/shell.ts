import type { BenchContext } from "./lib/context";
import { compare, formatRow, LOAD, machineLoadNote, type Load } from "./lib/measure";

export const description = "signed-in shell page vs the floor page; get_menu_details vs the constant-JSON floor (issue 2)";

const SHELL_TARGET = 0.7;
const MENU_TARGET = 0.5;

/**
 * Issue 2's throughput figures against one production server at 10 concurrent clients: the signed-in
 * shell page (50 menu items) against the floor page (both with the session cookie, so both pass the
 * proxy alike), and GET /api/v1/get_menu_details with a bearer token against the constant-JSON route.
 */
export async function run(ctx: BenchContext) {
  const s = await ctx.server();
  const loads = {
    floorPage: { label: "floor page  GET /bench-floor", url: `${s.baseUrl}/bench-floor`, headers: { cookie: s.cookie }, expect: "Bench floor" },
    shell: { label: "shell page  GET /company-news", url: `${s.baseUrl}/company-news`, headers: { cookie: s.cookie }, expect: "Company News" },
    floorJson: { label: "floor JSON  GET /api/bench-floor", url: `${s.baseUrl}/api/bench-floor`, expect: '"floor":true' },
    menu: {
      label: "v1  GET /api/v1/get_menu_details?slug=company-news",
      url: `${s.baseUrl}/api/v1/get_menu_details?slug=company-news`,
      headers: { authorization: s.bearer },
      expect: '"slug":"company-news"',
    },
  } satisfies Record<string, Load & { expect: string }>;
  // One plain request each first: a wrong cookie or token must fail loudly, not bench a redirect.
  for (const l of Object.values(loads)) {
    const res = await fetch(l.url, { headers: "headers" in l ? l.headers : undefined, redirect: "manual", signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    if (res.status !== 200 || !text.includes(l.expect)) throw new Error(`${l.label}: answered ${res.status} without "${l.expect}"`);
  }
  console.log(
    `  ${LOAD.connections} connections; per load ${LOAD.warmupS} s warm-up, then ${LOAD.rounds} rounds of ${LOAD.roundS} s alternating with its floor; server ${s.baseUrl}`,
  );
  const note = machineLoadNote();
  if (note) console.log(`  ${note}`);
  const page = await compare(loads.floorPage, loads.shell, s.cpuMs);
  console.log("  " + formatRow(page.floor));
  console.log("  " + formatRow(page.load));
  const api = await compare(loads.floorJson, loads.menu, s.cpuMs);
  console.log("  " + formatRow(api.floor));
  console.log("  " + formatRow(api.load));
  const rounds = (r: number[]) => `rounds ${r.map((x) => x.toFixed(2)).join(", ")}`;
  ctx.check("shell page / floor page req/s", `${page.ratio.toFixed(2)} (${rounds(page.roundRatios)})`, `>= ${SHELL_TARGET.toFixed(2)}`, page.ratio >= SHELL_TARGET);
  ctx.check("get_menu_details / floor JSON req/s", `${api.ratio.toFixed(2)} (${rounds(api.roundRatios)})`, `>= ${MENU_TARGET.toFixed(2)}`, api.ratio >= MENU_TARGET);
  const cpu = (r: number | null) => (r === null ? "n/a" : r.toFixed(2));
  console.log(`  by server CPU per request (steady when the machine is shared): shell/floor ${cpu(page.cpuRatio)}, get_menu_details/floor ${cpu(api.cpuRatio)}`);
  const after = machineLoadNote();
  if (after) console.log(`  ${after}`);
  return { page, api };
}
