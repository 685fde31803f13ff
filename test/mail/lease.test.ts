/**
 * Mail (docs/features/mail.md) goes once, promptly, through instance deaths and database blips. The outbox's sender
 * against the run's PostgreSQL (test/db.ts) and a real SMTP server on loopback: an outcome that could not
 * be written is written again (never sent again), a live sender keeps its lease however long a send
 * takes, and a killed sender's mails move on to another sender once its short lease lapses.
 */
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { failQueries, spawnWorker, valueRefused } from "@/test/jobs";
import { schema } from "@/lib/db";
import { createMailTransport, type MailTransport } from "@/lib/mail/transport";
import { deliverDue, LEASE_MS, retryDelayMs } from "@/lib/mail/sender";
import { enqueueMail, enqueueMails } from "@/lib/mail/outbox";
import { POLL_MS } from "@/lib/mail/worker";
import { startTestSmtp, type TestSmtp } from "./smtp";

const t = setupTestDatabase();
const o = schema.mailOutbox;
const FROM = "Staff Portal <no-reply@portal.example.com>";

let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startTestSmtp();
  transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
});
afterAll(async () => {
  transport?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  await t.db().delete(o);
  smtp.received.length = 0;
});

const rowOf = async (id: number) => (await t.db().select().from(o).where(eq(o.id, id)))[0];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("mail goes once through database blips and instance deaths", () => {
  it("a dead sender's mails are due again within a minute: the lease and the worker's poll together", () => {
    expect(LEASE_MS + POLL_MS).toBeLessThanOrEqual(60_000);
  });

  it("an outcome write that fails once is written again: the mail arrives once and the row ends sent", async () => {
    const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Recorded late", text: "x" });
    let sentWrites = 0;
    const undo = failQueries(t.db(), (query, params) => {
      const isSent = /^update "mail_outbox" set "status" = \$1/.test(query) && params[0] === "sent";
      if (isSent) sentWrites++;
      return isSent;
    });
    const leaseMs = 1_500;
    try {
      expect(await deliverDue({ transport, from: FROM, leaseMs })).toMatchObject({ claimed: 1, sent: 1 });
    } finally {
      undo();
    }
    expect(sentWrites).toBe(2);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lockedUntil: null });
    expect(smtp.received.map((m) => m.headers.subject)).toEqual(["Recorded late"]);
    expect(row.messageId).toBe(smtp.received[0].headers["message-id"]);
    // Past the lease nothing is due: the mail is not sent a second time.
    await sleep(leaseMs + 500);
    expect((await deliverDue({ transport, from: FROM, leaseMs })).claimed).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("a live sender renews its lease: a send that outlasts the lease is not taken over", async () => {
    const leaseMs = 1_200;
    let sending: () => void = () => {};
    const started = new Promise<void>((resolve) => (sending = resolve));
    let accepted = false;
    const slow = await startTestSmtp({
      beforeAccept: () => {
        sending();
        return sleep(3 * leaseMs).then(() => void (accepted = true));
      },
    });
    const slowTransport = createMailTransport(`smtp://127.0.0.1:${slow.port}`);
    try {
      const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Slow server", text: "x" });
      const first = deliverDue({ transport: slowTransport, from: FROM, leaseMs });
      await started;
      // Another sender looks all the while the slow send runs (three leases): it never gets the row.
      let claimedByOther = 0;
      while (!accepted) {
        claimedByOther += (await deliverDue({ transport, from: FROM, leaseMs })).claimed;
        await sleep(100);
      }
      expect(await first).toMatchObject({ claimed: 1, sent: 1 });
      expect(claimedByOther).toBe(0);
      expect(await rowOf(id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(slow.received).toHaveLength(1);
      expect(smtp.received).toEqual([]);
    } finally {
      slowTransport.close();
      await slow.stop();
    }
  });

  it("a sender that cannot renew its lease starts no more sends: the rest go back untried", async () => {
    const leaseMs = 1_200;
    const slow = await startTestSmtp({ beforeAccept: () => sleep(leaseMs).then(() => {}) });
    const slowTransport = createMailTransport(`smtp://127.0.0.1:${slow.port}`);
    const [first, second] = await enqueueMails(t.db(), [
      { to: "ann@example.com", subject: "Before the blip", text: "x" },
      { to: "bob@example.com", subject: "After the blip", text: "x" },
    ]);
    // Every renewal fails (the database away for the sender), while the first send outlasts the lease.
    const undo = failQueries(
      t.db(),
      (query) => /^update "mail_outbox" set "next_attempt_at" = [^,]+, "locked_until"/.test(query),
      Infinity,
    );
    try {
      expect(await deliverDue({ transport: slowTransport, from: FROM, leaseMs, concurrency: 1 })).toMatchObject({
        claimed: 2,
        sent: 1,
        postponed: 1,
      });
    } finally {
      undo();
      slowTransport.close();
      await slow.stop();
    }
    expect(slow.received.map((m) => m.headers.subject)).toEqual(["Before the blip"]);
    expect(await rowOf(first)).toMatchObject({ status: "sent", attempts: 1 });
    const untried = await rowOf(second);
    expect(untried).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    expect(untried.lastError).toBe("Not tried: the sender could not renew its lease");
  });

  it("a sender killed mid-send: another takes its mails once the lease lapses, only the in-flight one twice", async () => {
    const leaseMs = 3_000;
    // The killed sender's server: it keeps the first mail but never answers for it (in flight when the
    // sender dies, as an instance killed mid-send leaves it: delivered, not recorded).
    let inFlight: () => void = () => {};
    const sawData = new Promise<void>((resolve) => (inFlight = resolve));
    const stalling = await startTestSmtp({
      beforeAccept: () => {
        inFlight();
        return new Promise(() => {});
      },
    });
    const ids = await enqueueMails(
      t.db(),
      Array.from({ length: 3 }, (_, i) => ({ to: `user${i}@example.com`, subject: `Burst ${i}`, text: "x" })),
    );
    const child = await spawnWorker(t.db(), path.join(import.meta.dirname, "sender-process.ts"), {
      TEST_SMTP_URL: `smtp://127.0.0.1:${stalling.port}`,
      TEST_LEASE_MS: String(leaseMs),
      MAIL_FROM: FROM,
    });
    try {
      await Promise.race([
        sawData,
        child.exited.then(() => Promise.reject(new Error(`the sender exited before sending: ${child.stderr()}`))),
      ]);
      // The child renews its lease while it waits for the server's answer.
      await sleep(leaseMs * 1.5);
      expect((await deliverDue({ transport, from: FROM, leaseMs })).claimed).toBe(0);
      child.kill();
      await child.exited;
      const killedAt = Date.now();
      const claimed = await Promise.all(ids.map(rowOf));
      expect(claimed.map((r) => [r.status, r.attempts])).toEqual([
        ["sending", 1],
        ["sending", 1],
        ["sending", 1],
      ]);

      // Another sender, polling as the worker does, takes all three once the dead sender's lease lapses.
      let tookOverAt = 0;
      while (Date.now() - killedAt < 4 * leaseMs) {
        const r = await deliverDue({ transport, from: FROM, leaseMs });
        if (r.claimed) {
          expect(r).toMatchObject({ claimed: 3, sent: 3 });
          tookOverAt = Date.now();
          break;
        }
        await sleep(100);
      }
      expect(tookOverAt).toBeGreaterThan(0);
      expect(tookOverAt - killedAt).toBeLessThan(leaseMs + 1_000);

      const rows = await Promise.all(ids.map(rowOf));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ["sent", 2],
        ["sent", 2],
        ["sent", 2],
      ]);
      // Each mail arrived once, but for the one in flight when the sender died: it arrived twice, with
      // the same Message-ID (the row's), so the copies are recognisable as one mail.
      const arrivals = [...stalling.received, ...smtp.received];
      const subjects = new Set(arrivals.map((m) => m.headers.subject));
      expect([...subjects].sort()).toEqual(["Burst 0", "Burst 1", "Burst 2"]);
      const duplicates = arrivals.length - subjects.size;
      expect(stalling.received).toHaveLength(1);
      expect(duplicates).toBeLessThanOrEqual(stalling.received.length);
      for (const row of rows) {
        const copies = arrivals.filter((m) => m.headers.subject === row.subject);
        expect(new Set(copies.map((m) => m.headers["message-id"]))).toEqual(new Set([row.messageId]));
      }
    } finally {
      child.kill();
      await stalling.stop();
    }
  }, 60_000);
});

describe("an outcome the database refuses is not retried in a loop", () => {
  const isUpdate = (status: string) => (query: string, params: unknown[]) =>
    /^update "mail_outbox" set "status" = \$1/.test(query) && params[0] === status;

  it("a sent mail whose record is refused is written once, sent once, and given up as failed naming the refusal", async () => {
    const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Refused record", text: "x" });
    let sentWrites = 0;
    const undo = failQueries(
      t.db(),
      (query, params) => isUpdate("sent")(query, params) && ++sentWrites > 0,
      Infinity,
      valueRefused,
    );
    const started = Date.now();
    try {
      expect(await deliverDue({ transport, from: FROM })).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      undo();
    }
    // One try, no backoff between tries (the first retry of a connection error waits 250 ms).
    expect(sentWrites).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1, lockedUntil: null });
    expect(row.lastError).toBe('Outcome not recorded: invalid byte sequence for encoding "UTF8": 0x00');
    // Given up: nothing is due, and the mail that went out is not sent again.
    expect((await deliverDue({ transport, from: FROM })).claimed).toBe(0);
    expect(smtp.received.map((m) => m.headers.subject)).toEqual(["Refused record"]);
  });

  it("a failed send whose record is refused is handed back as pending after the backoff, and failed after max attempts", async () => {
    const refusing = await startTestSmtp({
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error("Mailbox full"), { responseCode: 552 })),
    });
    const refusingTransport = createMailTransport(`smtp://127.0.0.1:${refusing.port}`);
    const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Refused twice", text: "x" });
    let notSentWrites = 0;
    // The record of the failed send (pending, or failed at the last attempt, with the server's error) is
    // refused; the hand-back is not.
    const undo = failQueries(
      t.db(),
      (query, params) =>
        (isUpdate("pending")(query, params) || isUpdate("failed")(query, params)) &&
        params.some((p) => /^EENVELOPE: .*Mailbox full/.test(String(p))) &&
        ++notSentWrites > 0,
      Infinity,
      valueRefused,
    );
    const backoff = { baseMs: 60_000, maxMs: 60_000 };
    try {
      const before = Date.now();
      expect(await deliverDue({ transport: refusingTransport, from: FROM, backoff, maxAttempts: 2 })).toMatchObject({
        claimed: 1,
        retrying: 1,
        failed: 0,
      });
      expect(notSentWrites).toBe(1);
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      expect(row.lastError).toMatch(/^Outcome not recorded: invalid byte sequence/);
      const waits = row.nextAttemptAt.getTime() - before;
      expect(waits).toBeGreaterThan(retryDelayMs(1, backoff) - 5_000);
      expect(waits).toBeLessThan(retryDelayMs(1, backoff) + 5_000);

      // Due again (as after its backoff): the second attempt is the last one, and the row is given up.
      await t
        .db()
        .update(o)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(o.id, id));
      expect(await deliverDue({ transport: refusingTransport, from: FROM, backoff, maxAttempts: 2 })).toMatchObject({
        claimed: 1,
        failed: 1,
      });
      expect(notSentWrites).toBe(2);
      expect(await rowOf(id)).toMatchObject({ status: "failed", attempts: 2, lockedUntil: null });
    } finally {
      undo();
      refusingTransport.close();
      await refusing.stop();
    }
    expect(refusing.received).toEqual([]);
  });
});
