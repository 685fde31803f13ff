/**
 * Mail outbox figure (docs/features/mail.md): 2,000 notification mails with the SMTP server stopped for 30 s in the
 * middle, on the embedded database and on PostgreSQL when one answers (BENCH_DATABASE_URL, default the
 * local server; a database of its own, dropped afterwards; BENCH_DB=embedded skips it). Every mail must
 * arrive exactly once: counted by Message-ID at a real SMTP server on loopback (smtp-server), which
 * is stopped once about half have arrived and started again on the same port 30 s later
 * (BENCH_MAIL_OUTAGE_SECONDS). The mails are queued in one transaction and sent by the server's own
 * sender loop (startMailWorker), with a short backoff (0.5 s doubling to 2 s) so the run stays short.
 * Standalone: `npx tsx bench/mail.ts`; also a module of bench/run.ts (`npm run bench -- mail`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { openDatabase, schema, setDbForTesting } from "@/lib/db";
import { openEmbedded } from "./lib/embedded";
import { logger } from "@/lib/log";
import { createMailTransport } from "@/lib/mail/transport";
import { enqueueMails } from "@/lib/mail/outbox";
import { startMailWorker, stopMailWorker } from "@/lib/mail/worker";
import { startTestSmtp } from "../test/mail/smtp";
import { chooseDatabase } from "./lib/database";

export const description =
  "mail outbox: 2,000 mails with the SMTP server down for 30 s in the middle, delivered exactly once";

type Ctx = { tmpDir?: string; check?: (label: string, value: string, target: string, pass: boolean) => void };

const MAILS = 2_000;
const OUTAGE_MS = (Number(process.env.BENCH_MAIL_OUTAGE_SECONDS) || 30) * 1000;
/** How long mail may take to drain after the server is back before the run counts the rest as lost. */
const DRAIN_LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Handle = Awaited<ReturnType<typeof openDatabase>>;

/** Queues the bench's mails in one transaction; answers how many. */
async function notificationMails(handle: Handle): Promise<number> {
  await handle.db.transaction((tx) =>
    enqueueMails(
      tx,
      Array.from({ length: MAILS }, (_, i) => ({
        to: `employee${i + 1}@example.com`,
        subject: `Notification ${i + 1}`,
        text: `Hello employee ${i + 1},\n\nA new document is on the portal.\n`,
      })),
    ),
  );
  return MAILS;
}

/**
 * The outage run, shared with bench/forms.ts: `enqueue` fills the outbox (and answers how many mails
 * it queued) on a database installed as the app's; the sender loop then delivers them while the SMTP
 * server is stopped for OUTAGE_MS once half have arrived. Passes when every mail arrived exactly once.
 */
export async function runOutage(
  kind: "embedded" | "postgres",
  open: () => ReturnType<typeof openDatabase>,
  ctx: Ctx,
  opts: { label: string; enqueue: (handle: Handle) => Promise<number> } = {
    label: `mail ${kind}: ${MAILS} mails`,
    enqueue: notificationMails,
  },
) {
  const handle = await open();
  setDbForTesting(handle);
  const smtp = await startTestSmtp();
  // Ten connections: one message takes about 50 ms per connection on loopback here (nodemailer alone,
  // without the outbox, sends about 90 a second over 5), so connections, not the outbox, set the pace.
  const transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}?maxConnections=10`);
  try {
    const o = schema.mailOutbox;
    const started = performance.now();
    const expected = await opts.enqueue(handle);
    const queuedMs = performance.now() - started;
    startMailWorker({
      intervalMs: 250,
      deliver: { transport, limit: 50, concurrency: 10, backoff: { baseMs: 500, maxMs: 2_000 } },
    });

    while (smtp.received.length < expected / 2) {
      if (performance.now() - started > DRAIN_LIMIT_MS)
        throw new Error(`only ${smtp.received.length} mails arrived in ${DRAIN_LIMIT_MS / 1000} s`);
      await sleep(5);
    }
    const atStop = smtp.received.length;
    await smtp.stop();
    const stoppedAt = performance.now();
    await sleep(OUTAGE_MS);
    const duringOutage = smtp.received.length - atStop;
    await smtp.start();
    const restartedAt = performance.now();

    const countOpen = async () =>
      (
        await handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(o)
          .where(sql`${o.status} in ('pending', 'sending')`)
      )[0].n;
    while ((await countOpen()) > 0 && performance.now() - restartedAt < DRAIN_LIMIT_MS) await sleep(50);
    const drainedMs = performance.now() - restartedAt;
    await stopMailWorker();

    const ids = smtp.received.map((m) => m.headers["message-id"]);
    const distinct = new Set(ids).size;
    const [counts] = await handle.db
      .select({
        sent: sql<number>`count(*) filter (where ${o.status} = 'sent')::int`,
        failed: sql<number>`count(*) filter (where ${o.status} = 'failed')::int`,
        attempts: sql<number>`coalesce(sum(${o.attempts}), 0)::int`,
      })
      .from(o);
    const duplicates = ids.length - distinct;
    const lost = expected - distinct;
    console.log(
      `  ${kind}: queued ${expected} in ${Math.round(queuedMs)} ms; ${atStop} arrived before the stop at ${((stoppedAt - started) / 1000).toFixed(1)} s, ` +
        `${duringOutage} during the ${OUTAGE_MS / 1000} s outage; the rest ${(drainedMs / 1000).toFixed(1)} s after the restart; ` +
        `rows sent ${counts.sent}, failed ${counts.failed}, attempts ${counts.attempts} (${counts.attempts - expected} retries)`,
    );
    const value = `${distinct} delivered, ${duplicates} duplicates, ${lost} lost`;
    const pass = distinct === expected && duplicates === 0 && counts.sent === expected;
    if (ctx.check) ctx.check(`${opts.label}, SMTP down ${OUTAGE_MS / 1000} s`, value, `${expected}, 0, 0`, pass);
    else console.log(`  ${pass ? "PASS" : "MISS"}  ${opts.label}: ${value} (target ${expected}, 0, 0)`);
    return pass;
  } finally {
    await stopMailWorker();
    transport.close();
    await smtp.stop();
    setDbForTesting(undefined);
    await handle.close();
  }
}

export async function run(ctx: Ctx = {}) {
  // The sender logs every retry (thousands while the server is down); only errors here.
  const level = logger.level;
  logger.level = "error";
  const tmp = fs.mkdtempSync(path.join(ctx.tmpDir ?? os.tmpdir(), "mail-bench-"));
  const results: boolean[] = [];
  try {
    results.push(await runOutage("embedded", () => openEmbedded(tmp), ctx));
    const db = await chooseDatabase("mail_bench");
    if (db.kind === "postgres") {
      try {
        results.push(await runOutage("postgres", () => openDatabase({ url: db.url }), ctx));
      } finally {
        await db.drop();
      }
    } else console.log("  postgres: no PostgreSQL answered (or BENCH_DB=embedded); embedded only");
  } finally {
    logger.level = level;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`== mail: ${description}`);
  run()
    .then((r) => process.exit(r.every(Boolean) ? 0 : 1))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
