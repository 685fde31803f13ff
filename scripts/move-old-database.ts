/**
 * One-time move of a database made by an earlier version of the portal, which kept it inside the
 * server process (PGlite, PostgreSQL compiled to WebAssembly, in DATA_DIR/pgdata), into the portal's
 * own PostgreSQL server. `npm start` runs it (scripts/start.mjs) on the first start that finds
 * DATA_DIR/pgdata beside a server with no data yet, with DATABASE_URL set to that server:
 *
 * 1. the old database is opened and brought up to the current migrations, as the old server would have;
 * 2. the new one gets the same migrations, and its tables are emptied (the migrations' own rows);
 * 3. every table's rows are copied (COPY, the columns that are not generated), with triggers and
 *    foreign-key checks off while copying (session_replication_role = replica), in one transaction;
 * 4. each table's row count is compared, and every sequence goes on where it was.
 *
 * Files (DATA_DIR/uploads) and the generated AUTH_SECRET stay where they are. The caller keeps the old
 * folder until this has succeeded (then renames it DATA_DIR/pgdata.moved). Usage:
 * `DATABASE_URL=... tsx scripts/move-old-database.ts <old pgdata folder>`; prints what it moved.
 *
 * PGlite is this script's optional dependency (package.json `optionalDependencies`, installed by `npm ci`
 * unless `--omit=optional`): the portal itself never loads it. Without it the move stops with a message
 * saying how to install it, and the old folder stays as it is.
 */
import path from "node:path";
import postgres from "postgres";
import { openDatabase } from "@/lib/db";
import * as schema from "@/db/schema";

const MIGRATIONS = path.join(process.cwd(), "db", "migrations");

export type MoveResult = { tables: number; rows: number; counts: Record<string, number> };

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Loads PGlite and its drizzle driver, or says how to get them (they are an optional dependency). */
async function loadPglite() {
  try {
    const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ]);
    return { PGlite, pg_trgm, drizzle, migrate };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw err;
    throw new Error(
      "reading the earlier version's database needs the optional package @electric-sql/pglite: run `npm install --include=optional` (or `npm ci` without --omit=optional) and start again",
    );
  }
}

/** Moves the old database in `oldDir` into the (empty, just made) database at `url`. */
export async function moveOldDatabase(
  oldDir: string,
  url: string,
  log: (line: string) => void = console.log,
): Promise<MoveResult> {
  const { PGlite, pg_trgm, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  const old = await PGlite.create(oldDir, { extensions: { pg_trgm } });
  const target = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migratePglite(drizzlePglite(old, { schema, casing: "snake_case" }), { migrationsFolder: MIGRATIONS });
    const migrated = await openDatabase({ url });
    await migrated.close();

    const tables = (
      await target<{ name: string }[]>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    await target.begin(async (tx) => {
      await tx.unsafe("set local session_replication_role = replica");
      await tx.unsafe(`truncate ${tables.map(ident).join(", ")} cascade`);
      for (const table of tables) {
        const columns = (
          await tx<{ name: string }[]>`
            select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
            order by ordinal_position`
        ).map((r) => ident(r.name));
        const list = `${ident(table)} (${columns.join(", ")})`;
        const out = await old.query(`copy ${list} to '/dev/blob'`);
        const blob = out.blob;
        if (blob && blob.size > 0) {
          const stream = await tx.unsafe(`copy ${list} from stdin`).writable();
          await new Promise<void>((resolve, reject) => {
            stream.on("error", reject);
            stream.on("finish", resolve);
            void blob.arrayBuffer().then((bytes) => stream.end(Buffer.from(bytes)), reject);
          });
        }
        const [{ n }] = await tx.unsafe<{ n: number }[]>(`select count(*)::int as n from ${ident(table)}`);
        const before = (await old.query<{ n: number }>(`select count(*)::int as n from ${ident(table)}`)).rows[0].n;
        if (n !== before) throw new Error(`${table}: ${before} rows in the old database, ${n} copied`);
        counts[table] = n;
      }
      // Every sequence (serial and identity columns, and the ones columns share) goes on where it was.
      const sequences = await old.query<{ name: string; last: string | null }>(
        "select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text as last from pg_sequences where schemaname = 'public'",
      );
      for (const s of sequences.rows) {
        await tx.unsafe("select setval($1::regclass, $2::bigint, $3)", [s.name, s.last ?? "1", s.last !== null]);
      }
    });
    const rows = Object.values(counts).reduce((a, b) => a + b, 0);
    log(`Moved ${rows} rows in ${tables.length} tables from the earlier version's database (${oldDir}).`);
    return { tables: tables.length, rows, counts };
  } finally {
    await target.end({ timeout: 5 });
    await old.close();
  }
}

// Run as a script (by scripts/start.mjs): the old folder is the argument, the target DATABASE_URL.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const oldDir = process.argv[2];
  const url = process.env.DATABASE_URL;
  if (!oldDir || !url) {
    console.error("usage: DATABASE_URL=<new database> tsx scripts/move-old-database.ts <DATA_DIR/pgdata>");
    process.exit(2);
  }
  try {
    await moveOldDatabase(oldDir, url);
  } catch (err) {
    console.error(`Moving the earlier version's database failed: ${(err as Error).message}`);
    process.exit(1);
  }
}
