import postgres from "postgres";
import { startCluster, type Cluster } from "@/e2e/support/cluster";
import {
  portalClient,
  suggestion,
  suggestionLocation,
  SUGGESTION_SAVE,
  type Answer,
  type CallInit,
} from "@/e2e/support/cluster-client";
import { FIRST_MENU } from "@/e2e/support/env";
import type { BenchContext } from "./lib/context";
import { SEED_PASSWORD } from "./lib/context";
import { machineLoadNote } from "./lib/measure";
import { sleep } from "./lib/server";

export const description =
  "faults a deployment meets (docs/operations.md): a database restart under light load, an instance killed mid-burst of staff-form saves";

/** Every answer while the database is away comes within this (docs/security.md). */
const DOWN_BOUND_MS = 5_000;
/** A dead sender's mails are on their way within this (lib/jobs/lease.ts LEASE_MS plus the senders' poll). */
const DEAD_SENDER_BOUND_MS = 60_000;
/** The light load: signed-in clients, each with a browser session and a v1 token, looping with a pause between asks. */
const CLIENTS = ["staff", "staff", "manager", "admin"];
const PAUSE_MS = 100;
/** How long the database stays stopped (its stop and start come on top): a blip of a few seconds. */
const STOPPED_MS = Number(process.env.BENCH_FAULTS_STOPPED_MS) || 2_000;
const BURST = { forms: Number(process.env.BENCH_FAULTS_FORMS) || 150, parallel: 10, killAt: 40 };
/** The SMTP server takes this long to accept each mail, so senders have mails in flight when one is killed. */
const SMTP_ACCEPT_MS = 150;

/**
 * The faults' figures (docs/operations.md, Several instances) on the scale-out harness of the e2e tier
 * (e2e/support/cluster.ts: two instances of the production build, one process each, on their own embedded
 * PostgreSQL, s3rver and an SMTP server, behind a round-robin balancer):
 * 1. Through a database restart (the embedded server's own stop and start) under light load: what the clients
 *    met that a browser takes for a sign-out (a 401, a redirect to /login), the sessions revoked, the 5xx after
 *    the database is back, and the slowest answer while it was away.
 * 2. An instance SIGKILLed mid-burst of staff-form saves: acknowledged saves lost, how long the mails it had
 *    claimed took to be sent, and the mails the SMTP server received twice (their Message-IDs named).
 */
export async function run(ctx: BenchContext) {
  // The runner made the production build; the cluster serves it.
  const cluster = await startCluster(2, { smtp: { beforeAccept: () => sleep(SMTP_ACCEPT_MS).then(() => {}) } });
  try {
    await databaseRestart(ctx, cluster);
    await killMidBurst(ctx, cluster);
  } finally {
    await cluster.close();
  }
  const note = machineLoadNote();
  if (note) console.log(`  ${note}`);
}

type Sample = { client: number; what: string; start: number; end: number; status: number; location: string | null };

const signsOut = (s: Sample) =>
  s.status === 401 || (s.status >= 300 && s.status < 400 && !!s.location?.includes("/login"));

async function databaseRestart(ctx: BenchContext, cluster: Cluster) {
  const client = portalClient(cluster.balancer, SEED_PASSWORD);
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  const signedIn = await Promise.all(
    CLIENTS.map(async (user) => ({
      user,
      cookie: await client.browserSession(cluster.balancer, user),
      token: await client.apiToken(cluster.balancer, user),
    })),
  );
  const locationId = await suggestionLocation(sql);
  await sql.end({ timeout: 1 });

  const menu = `/api/v1/get_menu_details?slug=${FIRST_MENU.slug}`;
  const samples: Sample[] = [];
  let stopLoad = false;
  let saves = 0;
  const loops = signedIn.map(async ({ cookie, token }, i) => {
    // A page and a v1 call with the browser's cookie, a v1 call with the token, a staff form saved.
    const asks: [string, string, () => CallInit][] = [
      ["page", `/${FIRST_MENU.slug}`, () => ({ cookie })],
      ["v1 (cookie)", menu, () => ({ cookie })],
      ["v1 (token)", menu, () => ({ token })],
      ["form save", SUGGESTION_SAVE, () => ({ token, body: suggestion(++saves, locationId) })],
    ];
    while (!stopLoad) {
      for (const [what, path, init] of asks) {
        const start = performance.now();
        const res: Answer | null = await client
          .call(cluster.balancer, path, { ...init(), timeoutMs: 15_000 })
          .catch(() => null);
        samples.push({
          client: i,
          what,
          start,
          end: performance.now(),
          status: res?.status ?? 0,
          location: res?.location ?? null,
        });
        await sleep(PAUSE_MS);
      }
    }
  });

  await sleep(3_000);
  const stopping = performance.now();
  let stopped = 0;
  await cluster.restartDatabase(async () => {
    stopped = performance.now();
    await sleep(STOPPED_MS);
  });
  const back = performance.now();
  await sleep(10_000);
  stopLoad = true;
  await Promise.all(loops);

  const during = samples.filter((s) => s.end >= stopping && s.start <= back);
  const after = samples.filter((s) => s.start >= back);
  const byStatus = (list: Sample[]) =>
    Object.entries(list.reduce<Record<string, number>>((n, s) => ((n[s.status] = (n[s.status] ?? 0) + 1), n), {}))
      .map(([status, n]) => `${n}x ${status}`)
      .join(", ");
  const slowest = during.reduce<Sample | null>((m, s) => (!m || s.end - s.start > m.end - m.start ? s : m), null);
  const seenSignOut = samples.filter(signsOut);
  const late5xx = after.filter((s) => s.status >= 500 || s.status === 0);

  // Still signed in afterwards: every client's cookie and token still answer (a revoked session would be a 401).
  const stillIn = await Promise.all(
    signedIn.map(async ({ cookie, token }) => {
      const page = await client.call(cluster.balancer, `/${FIRST_MENU.slug}`, { cookie });
      const v1 = await client.call(cluster.balancer, menu, { token });
      return [page.status === 200, v1.status === 200];
    }),
  );
  const revoked = stillIn.flat().filter((ok) => !ok).length;

  console.log(
    `  database: stop took ${((stopped - stopping) / 1000).toFixed(2)} s, accepting connections again ${((back - stopping) / 1000).toFixed(2)} s after the stop began`,
  );
  console.log(
    `  ${samples.length} answers to ${CLIENTS.length} clients; while away (${during.length}): ${byStatus(during)}`,
  );
  console.log(`  after it was back (${after.length}): ${byStatus(after)}`);
  if (late5xx.length)
    console.log(
      `  5xx after it was back: ${late5xx.map((s) => `${s.what} ${s.status} at +${Math.round(s.start - back)} ms`).join("; ")}`,
    );
  ctx.check(
    "database restart under light load: sign-outs (401s, redirects to /login, sessions revoked)",
    `${seenSignOut.length} 401s or redirects, ${revoked} of ${CLIENTS.length * 2} sessions revoked`,
    "0",
    seenSignOut.length === 0 && revoked === 0,
  );
  ctx.check(
    "database restart: 5xx after it is back",
    `${late5xx.length} of ${after.length}`,
    "0",
    late5xx.length === 0,
  );
  const slowestMs = slowest ? slowest.end - slowest.start : 0;
  ctx.check(
    "database restart: slowest answer while it was away",
    slowest ? `${(slowestMs / 1000).toFixed(2)} s (${slowest.what}, ${slowest.status})` : "none",
    `< ${DOWN_BOUND_MS / 1000} s`,
    slowestMs < DOWN_BOUND_MS,
  );
}

async function killMidBurst(ctx: BenchContext, cluster: Cluster) {
  const client = portalClient(cluster.balancer, SEED_PASSWORD);
  const sql = postgres(cluster.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    // Every mail of the restart's form saves sent first, so the burst's are the only ones in flight.
    await until(
      async () => (await sql`select 1 from mail_outbox where status <> 'sent' limit 1`).length === 0,
      120_000,
    );
    const token = await client.apiToken(cluster.balancer, "staff");
    const locationId = await suggestionLocation(sql);
    const [{ before }] = await sql<{ before: number }[]>`select coalesce(max(id), 0)::int as before from mail_outbox`;
    const receivedBefore = cluster.smtp.received.length;
    const victim = cluster.instances[1];
    let killedAt = 0;
    let claimedAtKill: Promise<{ id: number; attempts: number }[]> = Promise.resolve([]);
    const { acknowledged, refused } = await client.burst(token, locationId, BURST.forms, BURST.parallel, (n) => {
      if (n !== BURST.killAt || killedAt) return;
      killedAt = performance.now();
      cluster.kill(victim);
      // The mails claimed when the instance died: the dead sender's among them are claimed again (one more attempt).
      claimedAtKill = sql<{ id: number; attempts: number }[]>`
        select id, attempts from mail_outbox where id > ${before} and status = 'sending'`.then((rows) => [...rows]);
    });
    const burstEnded = performance.now();
    const inFlight = await claimedAtKill;
    const stored = await sql<{ id: number }[]>`select id from improvement_suggestions where id = any(${acknowledged})`;
    const lost = acknowledged.length - stored.length;

    await until(
      async () => (await sql`select 1 from mail_outbox where id > ${before} and status <> 'sent' limit 1`).length === 0,
      180_000,
    );
    const allSent = performance.now();
    const rows = await sql<{ id: number; attempts: number; messageId: string; sentAgo: number }[]>`
      select id, attempts, message_id as "messageId", extract(epoch from now() - sent_at) * 1000 as "sentAgo"
      from mail_outbox where id > ${before}`;
    const attemptsAtKill = new Map(inFlight.map((r) => [r.id, r.attempts]));
    const reclaimed = rows.filter((r) => attemptsAtKill.has(r.id) && r.attempts > attemptsAtKill.get(r.id)!);
    // When each was sent, from the kill: now − killedAt − how long ago the database says it was sent.
    const sentAfterKill = reclaimed.map((r) => performance.now() - killedAt - Number(r.sentAgo));
    const slowestReclaimed = sentAfterKill.length ? Math.max(...sentAfterKill) : 0;

    await sleep(2_000); // a duplicate in flight arrives
    const received = cluster.smtp.received.slice(receivedBefore);
    const seen = new Map<string, number>();
    for (const m of received) seen.set(m.headers["message-id"], (seen.get(m.headers["message-id"]) ?? 0) + 1);
    const twice = [...seen].filter(([, n]) => n > 1);
    const rowOf = new Map(rows.map((r) => [r.messageId, r.id]));

    console.log(
      `  ${BURST.forms} saves, ${BURST.parallel} at a time; instance 2 SIGKILLed at the ${BURST.killAt}th acknowledgement: ` +
        `${acknowledged.length} acknowledged, ${refused.length} refused (${[...new Set(refused)].join(", ") || "none"}), burst ended ` +
        `${((burstEnded - killedAt) / 1000).toFixed(1)} s after the kill`,
    );
    console.log(
      `  ${rows.length} mails queued; ${inFlight.length} claimed at the kill, ${reclaimed.length} of them the dead sender's ` +
        `(claimed again); every mail sent ${((allSent - killedAt) / 1000).toFixed(1)} s after the kill; ${received.length} received`,
    );
    if (twice.length)
      console.log(
        `  received twice: ${twice.map(([id, n]) => `${id} (outbox row ${rowOf.get(id) ?? "?"}, ${n}x)`).join("; ")}`,
      );
    ctx.check(
      "instance killed mid-burst: acknowledged saves lost",
      `${lost} of ${acknowledged.length}`,
      "0",
      lost === 0,
    );
    ctx.check(
      "instance killed mid-burst: the dead sender's mails sent after",
      reclaimed.length
        ? `${(slowestReclaimed / 1000).toFixed(1)} s (${reclaimed.length} mails)`
        : "none were held by it",
      `< ${DEAD_SENDER_BOUND_MS / 1000} s`,
      slowestReclaimed < DEAD_SENDER_BOUND_MS,
    );
    ctx.check(
      "instance killed mid-burst: mails received twice (same Message-ID)",
      `${twice.length} of ${rows.length}`,
      "counted and named",
      received.length === rows.length + twice.reduce((n, [, k]) => n + k - 1, 0),
    );
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function until(done: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${ms / 1000} s`);
    await sleep(250);
  }
}
