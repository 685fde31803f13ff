import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import postgres from "postgres";
import { APP_PORT, BASE_URL, DATA_DIR, PASSWORD } from "./support/env";

/**
 * Several server processes on one database (docs/architecture.md): beside the portal under test (`npm start`,
 * server A), a second `next start` (server B) on the same DATA_DIR and database. A change made through
 * one shows on the very next request to the other: a new menu, a new post, a role change, a sign-out.
 * Nothing is told to B: it sees the changes because every cache checks the database's version stamps.
 */
const B_PORT = APP_PORT + 1100;
const B_URL = `http://127.0.0.1:${B_PORT}`;
let serverB: ChildProcess | undefined;
let log = "";

/** DATA_DIR/postgres.json: the portal's own database (scripts/embedded-db.mjs). */
function databaseUrl(): string {
  const c = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "postgres.json"), "utf8")) as {
    user: string;
    password: string;
    port: number;
  };
  return `postgres://${encodeURIComponent(c.user)}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/portal`;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const root = path.resolve(import.meta.dirname, "..");
  serverB = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(B_PORT), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR,
        DATABASE_URL: databaseUrl(),
        PORT: String(B_PORT),
        AUTH_URL: B_URL,
        NEXT_TELEMETRY_DISABLED: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  serverB.stdout?.on("data", (d) => (log += d));
  serverB.stderr?.on("data", (d) => (log += d));
  const until = Date.now() + 100_000;
  for (;;) {
    const up = await fetch(`${B_URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until || serverB.exitCode !== null) throw new Error(`server B did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
});

test.afterAll(async () => {
  if (serverB && serverB.exitCode === null) {
    const exited = new Promise((r) => serverB!.once("exit", r));
    serverB.kill("SIGTERM");
    await exited;
  }
});

async function signIn(request: APIRequestContext, base: string, username: string): Promise<string> {
  const res = await request.post(`${base}/api/v1/login`, { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return (await res.json()).content.api_token as string;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test("a change made through one server process shows on the next request to another", async ({ request }) => {
  const admin = await signIn(request, BASE_URL, "admin");

  // Menus: B has answered for the menu list (and so cached it) before A adds a menu.
  const before = await request.get(`${B_URL}/api/v1/get_menu_details?slug=two-processes`, { headers: auth(admin) });
  expect(before.status()).toBe(404);
  const added = await request.post(`${BASE_URL}/api/v1/add_edit_menu`, {
    headers: auth(admin),
    data: { menu_title: "Two Processes", features: [{ id: 1, name: "Discussion" }] },
  });
  expect(added.status(), await added.text()).toBe(200);
  const after = await request.get(`${B_URL}/api/v1/get_menu_details?slug=two-processes`, { headers: auth(admin) });
  expect(after.status()).toBe(200);

  // Content: B lists the page's posts, A adds one, B's next list has it.
  const list = async () =>
    await (await request.get(`${B_URL}/api/v1/display_sales_post?slug=two-processes`, { headers: auth(admin) })).text();
  expect(await list()).not.toContain("Posted through A");
  const stored = await request.post(`${BASE_URL}/api/v1/store_post`, {
    headers: auth(admin),
    data: { slug: "two-processes", title: "Posted through A", description: "seen by B" },
  });
  expect(stored.status(), await stored.text()).toBeLessThan(300);
  expect(await list()).toContain("Posted through A");

  // Role change: deleting events is for roles 1 and 2. A calendar manager's token on B may ask (its empty
  // request is refused as invalid, 422); A makes them staff, which ends their sessions: B refuses the
  // same token at once (401), and a new sign-in on B has role 3's rights (403).
  // A calendar manager of this test's own (a copy of the seeded manager's account): the seeded one's
  // sessions are the other journeys' signed-in state, and a role change ends them.
  const username = `twoproc${Date.now().toString(36)}`;
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    await sql`insert into users (username, email, first_name, last_name, password_hash, role_id)
      select ${username}, ${`${username}@example.com`}, 'Two', 'Processes', password_hash, role_id from users where username = 'manager'`;
  } finally {
    await sql.end();
  }
  const signInWithId = async (base: string) => {
    const res = await request.post(`${base}/api/v1/login`, { data: { username, password: PASSWORD } });
    return (await res.json()).content as { api_token: string; user_obj: { id: number } };
  };
  const mayDelete = async (token: string) =>
    (await request.delete(`${B_URL}/api/v1/deleteevents`, { headers: auth(token), data: {} })).status();
  const { api_token: asManager, user_obj: managerUser } = await signInWithId(B_URL);
  expect(await mayDelete(asManager)).toBe(422);
  const changed = await request.post(`${BASE_URL}/api/v1/changeprofile`, {
    headers: auth(admin),
    data: { id: managerUser.id, role_id: 3, permission_id: [] },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  expect(await mayDelete(asManager)).toBe(401);
  const { api_token: manager } = await signInWithId(B_URL);
  expect(await mayDelete(manager)).toBe(403);

  // Sign-out through A: the token is refused by B on the next request.
  expect((await request.get(`${B_URL}/api/v1/get_first_menu`, { headers: auth(manager) })).status()).toBe(200);
  expect((await request.post(`${BASE_URL}/api/v1/logout`, { headers: auth(manager) })).status()).toBe(200);
  expect((await request.get(`${B_URL}/api/v1/get_first_menu`, { headers: auth(manager) })).status()).toBe(401);
});
