import type { BenchContext } from "./lib/context";
import { compare, formatRow, LOAD, machineLoadNote, type Load } from "./lib/measure";

export const description = "signed-in shell page vs the floor page; get_menu_details vs the constant-JSON floor (issue 2)";

const SHELL_TARGET = 0.7;
const MENU_TARGET = 0.5;

/**
 * Issue 2's throughput figures against one production server at 10 concurrent clients: the signed-in
 * shell page (50 menu items) against the floor page (both with the session cookie, so both pass the
 * proxy alike), and GET /api/v1/get_menu_details with a bearer token against the constant-JSON route.
 * Then, as context without a target, the shaped floor (app/bench-shaped): the floor page in a portal
 * page's shape with none of the portal's work, which splits the shell page's gap into the framework's
 * charge for that shape and the portal's own work.
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
  const bytes: Record<string, number> = {};
  for (const [name, l] of Object.entries(loads)) bytes[name] = await fetchChecked(l);
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

  // Context, not a target: how much of the gap the framework itself charges for a page of the shell
  // page's shape (a layout segment more, a dynamic segment, as many bytes from a client component),
  // and how much is the portal's own work (session, menu, banner, list, header, sidebar, metadata).
  const shaped = {
    label: "shaped floor  GET /bench-shaped/…",
    url: `${s.baseUrl}/bench-shaped/bench?bytes=${Math.max(0, bytes.shell - bytes.floorPage)}`,
    headers: { cookie: s.cookie },
    expect: "Bench floor",
  };
  const shapedBytes = await fetchChecked(shaped);
  console.log(`  context: the floor in a portal page's shape, none of the portal's work (${kb(shapedBytes)} against the shell page's ${kb(bytes.shell)} and the floor's ${kb(bytes.floorPage)})`);
  const frame = await compare(loads.floorPage, shaped, s.cpuMs);
  console.log("  " + formatRow(frame.floor));
  console.log("  " + formatRow(frame.load));
  console.log(
    `  shaped floor / floor req/s ${frame.ratio.toFixed(2)} (${rounds(frame.roundRatios)}): the framework's own charge for the shape; shell / shaped floor ${(page.ratio / frame.ratio).toFixed(2)}: the portal's work`,
  );
  const after = machineLoadNote();
  if (after) console.log(`  ${after}`);
  return { page, api, frame };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** One plain request: the body's length, or an error when it is not a 200 with the expected text. */
async function fetchChecked(l: Load & { expect: string }): Promise<number> {
  const res = await fetch(l.url, { headers: l.headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200 || !text.includes(l.expect)) throw new Error(`${l.label}: answered ${res.status} without "${l.expect}"`);
  return Buffer.byteLength(text);
}
