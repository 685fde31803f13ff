/**
 * The one-time move of an earlier version's database (PGlite in DATA_DIR/pgdata) into the portal's
 * PostgreSQL (scripts/move-old-database.ts): a PGlite folder made by the migrations, seeded and given
 * real rows (a user, a post, a file row, an audit row), is moved into an empty database; every row
 * arrives, sequences go on past the moved ids, and a second post gets a new id.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { eq } from "drizzle-orm";
import * as schema from "@/db/schema";
import { seedDatabase } from "@/lib/db/seed";
import { moveOldDatabase } from "@/scripts/move-old-database";
import { withDatabase } from "@/test/global-setup";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-move-"));
const name = `portal_move_${process.pid}`;
const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });

afterAll(async () => {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("moving an earlier version's database", () => {
  it("keeps users, content, files and audit rows, and the sequences go on", async () => {
    const oldDir = path.join(tmp, "pgdata");
    const old = await PGlite.create(oldDir, { extensions: { pg_trgm } });
    const db = drizzle(old, { schema, casing: "snake_case" });
    await migrate(db, { migrationsFolder: path.join(process.cwd(), "db", "migrations") });
    await seedDatabase(db as never, { password: "demo1234" });
    const [menu] = await db.select().from(schema.menus).where(eq(schema.menus.slug, "company-news"));
    const [user] = await db
      .insert(schema.users)
      .values({
        username: "moved",
        firstName: "Mo",
        lastName: "Ved",
        email: "moved@example.com",
        roleId: 3,
        passwordHash: "x",
      })
      .returning();
    const [post] = await db
      .insert(schema.posts)
      .values({
        menuId: menu.id,
        title: "Kept across the move",
        description: "Ünïcödé and 'quotes' and \\ backslash\tand a tab",
      })
      .returning();
    await db.insert(schema.files).values({
      storageKey: "post/2026/01/kept.pdf",
      originalName: "kept.pdf",
      kind: "document",
      status: "attached",
      size: 3,
      ownerId: user.id,
    });
    await db.insert(schema.auditLog).values({
      actorId: user.id,
      action: "create",
      entity: "post",
      entityId: String(post.id),
      after: { title: post.title },
    });
    const oldCounts = Object.fromEntries(
      await Promise.all(
        ["users", "posts", "files", "audit_log", "menus"].map(async (t) => [
          t,
          (await old.query<{ n: number }>(`select count(*)::int as n from ${t}`)).rows[0].n,
        ]),
      ),
    );
    await old.close();

    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = withDatabase(process.env.TEST_DATABASE_URL!, name);
    const lines: string[] = [];
    const result = await moveOldDatabase(oldDir, url, (l) => lines.push(l));
    expect(lines.join("\n")).toMatch(/Moved \d+ rows in \d+ tables/);
    for (const [t, n] of Object.entries(oldCounts)) expect(result.counts[t], t).toBe(n);

    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [moved] = await sql`select username, email from users where id = ${user.id}`;
      expect(moved).toEqual({ username: "moved", email: "moved@example.com" });
      const [p] = await sql`select title, description from posts where id = ${post.id}`;
      expect(p).toEqual({
        title: "Kept across the move",
        description: "Ünïcödé and 'quotes' and \\ backslash\tand a tab",
      });
      const [f] = await sql`select original_name, owner_id from files where storage_key = 'post/2026/01/kept.pdf'`;
      expect(f).toEqual({ original_name: "kept.pdf", owner_id: user.id });
      const [a] =
        await sql`select action, after from audit_log where entity = 'post' and entity_id = ${String(post.id)}`;
      expect(a).toEqual({ action: "create", after: { title: "Kept across the move" } });
      // The search finds the moved post (its search column came along or was made again).
      const [{ n: found }] =
        await sql`select count(*)::int as n from posts where search_vector @@ to_tsquery('english', 'kept')`;
      expect(found).toBe(1);
      // New rows get new ids: the sequences went on where they were.
      const [next] = await sql`insert into posts (menu_id, title) values (${menu.id}, 'After the move') returning id`;
      expect(next.id).toBeGreaterThan(post.id);
      const [nextUser] =
        await sql`insert into users (username, first_name, last_name, email, role_id, password_hash) values ('after', 'A', 'B', 'after@example.com', 3, 'x') returning id`;
      expect(nextUser.id).toBeGreaterThan(user.id);
    } finally {
      await sql.end();
    }
  }, 240_000);
});
