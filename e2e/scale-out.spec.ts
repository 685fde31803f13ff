import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { startCluster, type Cluster } from "./support/cluster";
import { portalClient, suggestionLocation, type Envelope } from "./support/cluster-client";
import { FIRST_MENU, PASSWORD } from "./support/env";

/**
 * Scale-out (docs/operations.md): two instances on one database, S3 and SMTP server behind a balancer (e2e/support/cluster.ts).
 * It is a Playwright spec because it needs the production build, and the Playwright tier of `npm test` has
 * one (its webServer builds it): a vitest file, which runs before that, would have to build on its own. No
 * browser: what is asserted is what each instance answers and what the shared services hold.
 */

let cluster: Cluster;
let sql: postgres.Sql;
let client: ReturnType<typeof portalClient>;

// In order, on one cluster per worker (the instance killed last): a failed test does not skip the ones after
// it (Playwright's new worker starts a new cluster).
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster(2);
  sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
  client = portalClient(cluster.balancer, PASSWORD);
});

test.afterAll(async () => {
  await sql?.end({ timeout: 1 });
  await cluster?.close();
});

test("a file uploaded through one instance is downloaded through the other (S3)", async () => {
  const [a, b] = cluster.instances;
  const token = await client.apiToken(a.url, "admin");
  const data = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(9 * 1024 * 1024)]); // two S3 parts
  const form = new FormData();
  form.append("file", new Blob([data], { type: "application/pdf" }), "Bulletin.pdf");
  const up = await fetch(`${a.url}/api/v1/store_document?kind=document`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const key = ((await up.json()) as Envelope).content as string;
  expect(up.status).toBe(200);
  const signed = await client.call(b.url, `/api/v1/getsignedurlpath?file=${encodeURIComponent(key)}`, { token });
  expect(signed.status).toBe(200);
  const url = signed.json!.content.file_path as string;
  expect(url.startsWith(cluster.s3.endpoint)).toBe(true);
  const got = Buffer.from(await (await fetch(url)).arrayBuffer());
  expect(got.equals(data)).toBe(true);
});

test("sign-out on one instance ends the session on the other", async () => {
  const [a, b] = cluster.instances;
  const cookie = await client.browserSession(cluster.balancer, "staff");
  const menu = `/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`;
  expect((await client.call(b.url, menu, { cookie })).status).toBe(200);
  await client.signOut(a.url, cookie);
  expect((await client.call(b.url, menu, { cookie })).status).toBe(401);
  const page = await client.call(b.url, `/${FIRST_MENU.slug}`, { cookie });
  expect(page.status).toBe(307);
  expect(page.location).toContain("/login");

  const token = await client.apiToken(b.url, "staff");
  expect((await client.call(a.url, menu, { token })).status).toBe(200);
  expect((await client.call(b.url, "/api/v1/logout", { token, body: {} })).status).toBe(200);
  expect((await client.call(a.url, menu, { token })).status).toBe(401);
});

test("a menu change made through one instance is seen on the other at once", async () => {
  const [a, b] = cluster.instances;
  const token = await client.apiToken(a.url, "admin");
  const title = `Scale Out ${crypto.randomBytes(3).toString("hex")}`;
  const added = await client.call(a.url, "/api/v1/add_edit_menu", {
    token,
    body: { menu_title: title, icon_id: 1, features: [{ id: 1 }] },
  });
  expect(added.status, added.json?.message).toBe(200);
  const { id, slug } = added.json!.content as { id: number; slug: string };
  const seen = await client.call(b.url, `/api/v1/get_menu_details?slug=${slug}`, { token });
  expect(seen.status).toBe(200);
  expect(seen.json!.content.menu_details).toMatchObject({ menu_title: title });

  const renamed = await client.call(b.url, "/api/v1/add_edit_menu", {
    token,
    body: { id, menu_title: `${title} renamed`, icon_id: 1, features: [{ id: 1 }] },
  });
  expect(renamed.status, renamed.json?.message).toBe(200);
  const again = await client.call(a.url, `/api/v1/get_menu_details?slug=${renamed.json!.content.slug}`, { token });
  expect(again.json!.content.menu_details).toMatchObject({ menu_title: `${title} renamed` });
});

test("a burst of 100 staff forms through the balancer: every save acknowledged, every mail sent exactly once", async () => {
  test.setTimeout(120_000);
  const token = await client.apiToken(cluster.balancer, "staff");
  const locationId = await suggestionLocation(sql);
  const before = (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox`)[0].n;
  cluster.smtp.received.length = 0;
  const { acknowledged, refused } = await client.burst(token, locationId, 100, 10);
  expect(refused).toEqual([]);
  expect(new Set(acknowledged).size).toBe(100);

  // Both instances send (each runs a sender); wait until the outbox is empty of work.
  await expect
    .poll(
      async () => (await sql<{ n: number }[]>`select count(*)::int as n from mail_outbox where status <> 'sent'`)[0].n,
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(0);
  const rows = await sql<{ id: number }[]>`select id from mail_outbox order by id offset ${before}`;
  expect(rows.length).toBeGreaterThanOrEqual(100);
  // Give a duplicate the time to arrive, then count: one message per outbox row, no Message-ID twice.
  await new Promise((r) => setTimeout(r, 1000));
  const ids = cluster.smtp.received.map((m) => m.headers["message-id"]);
  expect(ids.length).toBe(rows.length);
  expect(new Set(ids).size).toBe(ids.length);
});

test("a database restart signs nobody out, answers within 5 s while it is down, and no 5xx once it is back", async () => {
  test.setTimeout(120_000);
  const cookie = await client.browserSession(cluster.balancer, "staff");
  const token = await client.apiToken(cluster.balancer, "staff");
  const menu = `/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`;
  const page = `/${FIRST_MENU.slug}`;
  expect((await client.call(cluster.balancer, page, { cookie })).status).toBe(200);

  const during: { what: string; status: number; ms: number; location: string | null }[] = [];
  await cluster.restartDatabase(async () => {
    const asks = cluster.instances.flatMap((instance) =>
      (
        [
          [page, { cookie }],
          [menu, { cookie }],
          [menu, { token }],
        ] as const
      ).map(async ([what, init]) => {
        const started = Date.now();
        // Past 10 s it counts as no answer (status 0); the bound is 5 s.
        const res = await client.call(instance.url, what, { ...init, timeoutMs: 10_000 }).catch(() => null);
        during.push({ what, status: res?.status ?? 0, ms: Date.now() - started, location: res?.location ?? null });
      }),
    );
    await Promise.all(asks);
  });
  // Each a 503 within 5 s: not a 401 or a redirect to the sign-in page (the browser would sign out), not a hang.
  expect(during).toHaveLength(6);
  expect(during.filter((d) => d.status !== 503 || d.ms >= 5_000)).toEqual([]);

  await Promise.all(
    cluster.instances.map((i) =>
      expect.poll(async () => (await fetch(`${i.url}/api/health`)).status, { timeout: 30_000 }).toBe(200),
    ),
  );
  const after: number[] = [];
  for (let i = 0; i < 10; i++) {
    after.push((await client.call(cluster.balancer, page, { cookie })).status);
    after.push((await client.call(cluster.balancer, menu, { cookie })).status);
    after.push((await client.call(cluster.balancer, menu, { token })).status);
  }
  // Every answer a 200 with the cookie and the token from before the restart: nobody was signed out.
  expect(after.filter((s) => s !== 200)).toEqual([]);
});

test("an instance killed mid-burst loses no acknowledged save; the other takes the traffic", async () => {
  test.setTimeout(120_000);
  const token = await client.apiToken(cluster.balancer, "staff");
  const locationId = await suggestionLocation(sql);
  const victim = cluster.instances[1];
  let killedAt = -1;
  const { acknowledged } = await client.burst(token, locationId, 100, 10, (n) => {
    if (n === 30 && killedAt < 0) {
      killedAt = n;
      cluster.kill(victim);
    }
  });
  expect(killedAt).toBe(30);
  expect(acknowledged.length).toBeGreaterThan(30);
  const stored = await sql<{ id: number }[]>`select id from improvement_suggestions where id = any(${acknowledged})`;
  expect(stored.map((r) => r.id).sort((x, y) => x - y)).toEqual([...acknowledged].sort((x, y) => x - y));
});
