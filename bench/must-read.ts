import { createRequire } from "node:module";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { seedDatabase } from "@/lib/db/seed";
import { rowsOf } from "@/lib/db/rows";
import { logger } from "@/lib/log";
import type { SessionUser } from "@/lib/auth/session";
import { SEED_PASSWORD, type BenchContext } from "./lib/context";
import { chooseDatabase } from "./lib/database";
import { openEmbedded } from "./lib/embedded";
import { percentile } from "./lib/list-bench";

export const description =
  "audiences and must-reads (docs/features/must-read.md): a staff user's menu list + header count, the compliance board, acknowledging, the seen upsert";

/**
 * The must-read figures (docs/benchmarks.md) on PostgreSQL (BENCH_DATABASE_URL, default the local server; `BENCH_DB=embedded`, or
 * none answering: the portal's own server in a data folder of the bench's), measured in
 * process through the functions the pages and calls use (lib/content/discussion/queries, must-read/queries, must-read/mutations):
 * 5,000 users in 50 locations, 1,000,000 posts on 200 menu pages, of which the newest 500 (on Company
 * News) are must-reads with audiences (half of five locations, a fifth for the Staff role only; a quarter overdue),
 * about half of each audience acknowledged.
 * - a menu page's list (read every time: no content stamp) and the header's unread count for a staff
 *   user, together: p95 < 50 ms;
 * - the compliance board for all 500 must-reads x 50 locations: p95 < 300 ms;
 * - acknowledging: p95 < 30 ms; the seen upsert (what the post page adds): p95 < 2 ms.
 * BENCH_MUST_READ_SCALE scales the posts (default 1; 0.01 is a smoke run of 10,000 posts); users,
 * locations and must-reads stay at the issue's numbers.
 */
const SCALE = Number(process.env.BENCH_MUST_READ_SCALE ?? 1);
const POSTS = Math.max(1000, Math.round(1_000_000 * SCALE));
const USERS = 5000;
const LOCATIONS = 50;
const MUST_READS = 500;
const MENUS = 200;
const TARGET = { listAndCountP95Ms: 50, boardP95Ms: 300, acknowledgeP95Ms: 30, seenP95Ms: 2 };
const ROUNDS = 40;

async function timed(rounds: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(-1 - i); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn(i);
    ms.push(performance.now() - t0);
  }
  return ms;
}

export async function run(ctx: Pick<BenchContext, "check" | "tmpDir">) {
  // The measured functions live in server-only modules; the bench runs them in Node as the server does.
  const require = createRequire(import.meta.url);
  const guard = require.resolve("server-only");
  require.cache[guard] = { id: guard, filename: guard, loaded: true, exports: {} } as NodeJS.Module;
  const { listDiscussions } = await import("@/lib/content/discussion/queries");
  const { countUnreadMustReads, complianceBoard } = await import("@/lib/content/must-read/queries");
  const { acknowledgePost, recordSeen } = await import("@/lib/content/must-read/mutations");
  const level = logger.level;
  logger.level = "error";

  const where = await chooseDatabase("must_read");
  const handle =
    where.kind === "postgres"
      ? await openDatabase({ url: where.url! })
      : await openEmbedded(path.join(ctx.tmpDir, "must-read-data"));
  console.log(
    `  database: ${where.kind === "postgres" ? "PostgreSQL" : "the portal's own PostgreSQL"}, ${POSTS.toLocaleString("en-US")} posts`,
  );
  setDbForTesting(handle);
  try {
    const db = handle.db;
    const started = performance.now();
    await seedDatabase(db, { password: SEED_PASSWORD });
    await db.execute(
      sql`insert into locations (name, department_id) select 'Bench location ' || g, 5 from generate_series(1, ${sql.raw(String(LOCATIONS))} - (select count(*) from locations)) g`,
    );
    await db.execute(sql`insert into users (username, first_name, last_name, role_id, location_id, email)
      select 'mr' || g, 'Reader', 'No ' || g, case when g % 10 = 0 then 2 else 3 end,
        (select id from locations order by id offset (g % ${sql.raw(String(LOCATIONS))}) limit 1), 'mr' || g || '@example.com'
      from generate_series(1, ${sql.raw(String(USERS))}) g`);
    const [menu] = await db
      .select({ id: schema.menus.id })
      .from(schema.menus)
      .where(eq(schema.menus.slug, "company-news"));
    // 200 menu pages (as bench/content.ts) hold the posts, for everyone; then the 500 must-reads with
    // audiences on Company News, the newest posts.
    await db.execute(
      sql`insert into menus (slug, title, page_types, position) select 'bench-mr-' || g, 'Bench ' || g, '{1}', 1000 + g from generate_series(1, ${sql.raw(String(MENUS))}) g`,
    );
    const [bench] = await db
      .select({ id: schema.menus.id })
      .from(schema.menus)
      .where(eq(schema.menus.slug, "bench-mr-1"));
    for (let done = 0; done < POSTS - MUST_READS; done += 100_000) {
      const n = Math.min(100_000, POSTS - MUST_READS - done);
      await db.execute(sql`insert into posts (menu_id, title, description, updated_at, created_at)
        select ${sql.raw(String(bench.id))} + g % ${sql.raw(String(MENUS))}, 'Bench post ' || (${sql.raw(String(done))} + g), 'Body of post ' || (${sql.raw(String(done))} + g), now() - ((${sql.raw(String(POSTS))} - ${sql.raw(String(done))} - g) || ' seconds')::interval, now() - interval '2 days'
        from generate_series(1, ${sql.raw(String(n))}) g`);
    }
    await db.execute(sql`insert into posts (menu_id, title, description, updated_at, created_at)
      select ${sql.raw(String(menu.id))}, 'Must read ' || g, 'Please read ' || g, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${sql.raw(String(MUST_READS))}) g`);
    await db.execute(sql`update posts set must_read = true, due_at = case when id % 4 = 0 then now() - interval '1 day' else now() + interval '7 days' end,
      audience_role_ids = case when id % 5 = 0 then '{3}'::int[] else '{}'::int[] end
      where id in (select id from posts order by id desc limit ${sql.raw(String(MUST_READS))})`);
    await db.execute(sql`update posts set audience_location_ids = (select array_agg(id) from (select id from locations order by random() limit 5) l)
      where must_read and cardinality(audience_location_ids) = 0 and id % 2 = 0`);
    await db.execute(sql`insert into post_acknowledgements (post_id, user_id, round)
      select p.id, u.id, p.ack_round from posts p join users u on (cardinality(p.audience_location_ids) = 0 or u.location_id = any(p.audience_location_ids))
        and (cardinality(p.audience_role_ids) = 0 or u.role_id = any(p.audience_role_ids))
      where p.must_read and random() < 0.5 on conflict do nothing`);
    // As after a day of autovacuum: the visibility map set (index-only counts), statistics current.
    await db.execute(sql`vacuum analyze`);
    console.log(
      `  seeded ${POSTS} posts, ${USERS} users, ${MUST_READS} must-reads in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const staffRows = await db
      .select()
      .from(schema.users)
      .where(sql`${schema.users.username} like 'mr%' and ${schema.users.roleId} = 3`)
      .limit(400);
    const asUser = (u: (typeof staffRows)[number]) =>
      ({
        ...u,
        roleName: "Staff",
        permissions: [],
        tokenId: 0,
        provider: "bench",
        configStamp: "",
        contentStamp: "",
      }) as unknown as SessionUser;
    const staff = asUser(staffRows[0]);
    const [adminRow] = await db.select().from(schema.users).where(eq(schema.users.username, "admin"));
    const admin = {
      ...adminRow,
      roleName: "Administrator",
      permissions: [],
      tokenId: 0,
      provider: "bench",
      configStamp: "",
      contentStamp: "",
    } as unknown as SessionUser;

    // Each round a bench menu page (5,000 posts at the full scale) or Company News (the must-reads), page 1 to 3.
    const listParams = (i: number) => ({
      menuId: i % 4 === 0 ? menu.id : bench.id + (Math.abs(i) % MENUS),
      sort: "newest" as const,
      page: 1 + (Math.abs(i) % 3),
      perPage: 10,
      viewer: staff,
    });
    const listAndCount = await timed(ROUNDS, (i) =>
      Promise.all([listDiscussions(listParams(i)), countUnreadMustReads(staff)]),
    );
    const report = (label: string, ms: number[], target: number) => {
      const p95 = percentile(ms, 95);
      ctx.check(
        label,
        `p95 ${p95.toFixed(1)} ms (median ${percentile(ms, 50).toFixed(1)})`,
        `< ${target} ms`,
        p95 < target,
      );
    };
    report(
      `must-read: a staff user's menu list (${POSTS} posts) + header count`,
      listAndCount,
      TARGET.listAndCountP95Ms,
    );
    const part = (ms: number[]) => `p95 ${percentile(ms, 95).toFixed(1)} ms`;
    const listOnly = await timed(ROUNDS, (i) => listDiscussions(listParams(i)));
    const countOnly = await timed(ROUNDS, () => countUnreadMustReads(staff));
    console.log(`  (of which the list alone ${part(listOnly)}, the header count alone ${part(countOnly)})`);
    if (process.env.BENCH_EXPLAIN) {
      const { discussionListQuery, discussionMenuFilter, countQuery } = await import("@/lib/content/sql");
      const params = { menuId: bench.id, sort: "newest" as const, page: 1, perPage: 10, viewer: staff };
      const explain = async (label: string, q: { sql: string; params: unknown[] }) => {
        const text = q.sql.replace(/\$(\d+)/g, (_, n: string) => {
          const v = q.params[Number(n) - 1];
          return typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
        });
        const plan = rowsOf<Record<string, string>>(await db.execute(sql.raw(`explain (analyze, buffers) ${text}`)));
        console.log(`  -- ${label}\n${plan.map((r) => `     ${Object.values(r)[0]}`).join("\n")}`);
      };
      await explain("list", discussionListQuery(db, params).toSQL());
      await explain("list of Company News", discussionListQuery(db, { ...params, menuId: menu.id }).toSQL());
      await explain("count", countQuery(db, schema.posts, discussionMenuFilter(bench.id, undefined)).toSQL());
    }
    report(
      `must-read: compliance board, ${MUST_READS} must-reads x ${LOCATIONS} locations`,
      await timed(Math.min(ROUNDS, 20), () => complianceBoard({}, admin)),
      TARGET.boardP95Ms,
    );

    // Acknowledging: each round a different person acknowledges a must-read addressed to everyone.
    const open = await db.execute(
      sql`select id from posts where must_read and cardinality(audience_location_ids) = 0 and cardinality(audience_role_ids) = 0 limit 1`,
    );
    const openId = rowsOf<{ id: number }>(open)[0].id;
    await db.execute(sql`delete from post_acknowledgements where post_id = ${openId}`);
    report(
      `must-read: acknowledging`,
      await timed(ROUNDS, (i) =>
        acknowledgePost(openId, asUser(staffRows[(i + 3 + staffRows.length) % staffRows.length])),
      ),
      TARGET.acknowledgeP95Ms,
    );
    report(
      `must-read: the post page's seen upsert`,
      await timed(ROUNDS * 5, (i) => recordSeen(openId, staffRows[(i + 3 + staffRows.length) % staffRows.length].id)),
      TARGET.seenP95Ms,
    );
  } finally {
    logger.level = level;
    setDbForTesting(undefined);
    await handle.close();
    await where.drop();
  }
}
