import { sql, eq } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { resolveToken, issueToken } from "@/lib/auth/session";
import { listMenuTree, getMenuBySlug } from "@/lib/menus/queries";
import { getSystemYear } from "@/lib/system/settings";
const ctx = JSON.parse((await import("node:fs")).readFileSync("/tmp/benchprof/ctx.json", "utf8"));
const h = await openDatabase({ dataDir: ctx.dataDir });
setDbForTesting(h);
const { token } = await issueToken({ userId: 1, kind: "api" });
async function time(label: string, fn: () => Promise<unknown>, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(30), ((performance.now() - t) / n * 1000).toFixed(0), "us");
}
await time("select 1", () => h.db.execute(sql`select 1`));
await time("resolveToken", () => resolveToken(token));
await time("listMenuTree", () => listMenuTree({ roleId: 1 }));
await time("getMenuBySlug", () => getMenuBySlug({ slug: "company-news", roleId: 1 }));
await time("getSystemYear", () => getSystemYear());
await time("settings by key", () => h.db.select({ v: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, "system_year")));
await time("raw query 1 row", () => (h as any).db.$client.query("select value from settings where key = $1", ["system_year"]));
await h.close();
process.exit(0);
