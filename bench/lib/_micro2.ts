import { sql, eq } from "drizzle-orm";
import { types } from "@electric-sql/pglite";
import { openDatabase, schema } from "@/lib/db";
const ctx = JSON.parse((await import("node:fs")).readFileSync("/tmp/benchprof/ctx.json", "utf8"));
const h = await openDatabase({ dataDir: ctx.dataDir });
const c = (h.db as any).$client;
async function time(label: string, fn: () => Promise<unknown> | unknown, n = 2000) {
  for (let i = 0; i < 200; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(30), ((performance.now() - t) / n * 1000).toFixed(0), "us");
}
const q = () => h.db.select({ v: schema.settings.value }).from(schema.settings).where(eq(schema.settings.key, "system_year"));
console.log(q().toSQL());
await time("drizzle toSQL", () => q().toSQL());
await time("drizzle exec", () => q());
const prepared = q().prepare("p1");
await time("drizzle prepared", () => prepared.execute());
const s = q().toSQL();
await time("raw same sql", () => c.query(s.sql, s.params));
await time("raw same sql array", () => c.query(s.sql, s.params, { rowMode: "array" }));
await time("raw same sql parsers", () => c.query(s.sql, s.params, { rowMode: "array", parsers: { [types.TIMESTAMP]: (v: string) => v } }));
await time("raw exec no params", () => c.query(`select "value" from "settings" where "settings"."key" = 'system_year'`));
await time("raw exec select 1", () => c.query(`select 1`));
await time("exec() simple", () => c.exec(`select "value" from "settings" where "settings"."key" = 'system_year'`));
await h.close();
process.exit(0);
