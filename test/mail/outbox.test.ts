/**
 * The durable outbox against a real database (the run's PostgreSQL, test/db.ts) and a real
 * SMTP server on loopback (smtp-server): what arrives, rollbacks, a server that is down, concurrent
 * senders, expired leases and giving up.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { setupTempStorage } from "@/test/files/helpers";
import { schema } from "@/lib/db";
import { newKey } from "@/lib/storage/keys";
import { createMailTransport, type MailTransport } from "@/lib/mail/transport";
import { deliverDue } from "@/lib/mail/sender";
import { enqueueMail, enqueueMails } from "@/lib/mail/outbox";
import { startMailWorker, stopMailWorker } from "@/lib/mail/worker";
import { isUnreachable, retryDelayMs } from "@/lib/mail/sender";
import { startTestSmtp, type TestSmtp } from "./smtp";

const t = setupTestDatabase();
const storage = setupTempStorage();
const o = schema.mailOutbox;
const FROM = "Staff Portal <no-reply@portal.example.com>";

let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startTestSmtp({ auth: { user: "mailer", pass: "s3cret:x" } });
  transport = createMailTransport(`smtp://mailer:${encodeURIComponent("s3cret:x")}@127.0.0.1:${smtp.port}`);
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
/** Makes every pending row due now (instead of waiting out the backoff). */
const makeDue = () =>
  t
    .db()
    .update(o)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(o.status, "pending"));

describe("enqueueMail and deliverDue", () => {
  it("delivers a queued mail with its subject, text, recipients and attachment", async () => {
    const bytes = Buffer.concat([
      Buffer.from("%PDF-1.4\n"),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const key = newKey("attachment", "report.pdf");
    await storage.driver().put(key, Readable.from([bytes]), { maxBytes: 1 << 20 });
    const [id] = await t.db().transaction((tx) =>
      enqueueMail(tx, {
        to: ["ann@example.com", "bob@example.com"],
        cc: "carl@example.com",
        bcc: ["dora@example.com"],
        subject: "RO reversal request #42",
        text: "A new request was submitted.\nSee the portal.",
        attachment: { key, fileName: "report.pdf", contentType: "application/pdf" },
      }),
    );
    expect((await rowOf(id)).status).toBe("pending");

    expect(await deliverDue({ transport, from: FROM })).toEqual({
      claimed: 1,
      sent: 1,
      retrying: 0,
      failed: 0,
      postponed: 0,
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.headers.subject).toBe("RO reversal request #42");
    expect(mail.headers.from).toBe(FROM);
    expect(mail.headers.to).toBe("ann@example.com, bob@example.com");
    expect(mail.headers.cc).toBe("carl@example.com");
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.rcpt.sort()).toEqual(["ann@example.com", "bob@example.com", "carl@example.com", "dora@example.com"]);
    expect(mail.from).toBe("no-reply@portal.example.com");
    expect(mail.text.trim()).toBe("A new request was submitted.\nSee the portal.");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ fileName: "report.pdf", contentType: "application/pdf" });
    expect(mail.attachments[0].content.equals(bytes)).toBe(true);

    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null, lockedUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBe(mail.headers["message-id"]);
    expect(row.messageId).toMatch(/^<outbox\.\d+\.[0-9a-z]+@portal\.example\.com>$/);
    // Nothing is due any more.
    expect((await deliverDue({ transport, from: FROM })).claimed).toBe(0);
  });

  it("never sends a mail whose transaction rolled back", async () => {
    await expect(
      t.db().transaction(async (tx) => {
        await enqueueMail(tx, { to: "ann@example.com", subject: "Saved?", text: "no" });
        throw new Error("the save failed");
      }),
    ).rejects.toThrow("the save failed");
    expect(await t.db().select().from(o)).toEqual([]);
    expect((await deliverDue({ transport })).claimed).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it("writes one row per recipient on request, many rows in one insert, and refuses bad input", async () => {
    const ids = await enqueueMail(
      t.db(),
      { to: ["a@example.com", "b@example.com", "a@example.com"], subject: "Notice", text: "Hello" },
      { perRecipient: true },
    );
    expect(ids).toHaveLength(2);
    const rows = await t.db().select({ to: o.toAddresses }).from(o).orderBy(o.id);
    expect(rows.map((r) => r.to)).toEqual([["a@example.com"], ["b@example.com"]]);
    const many = await enqueueMails(
      t.db(),
      Array.from({ length: 1500 }, (_, i) => ({ to: `user${i}@example.com`, subject: `Notice ${i}`, text: "Hello" })),
    );
    expect(many).toHaveLength(1500);
    await expect(enqueueMail(t.db(), { to: "not an address", subject: "x", text: "y" })).rejects.toThrow();
    await expect(
      enqueueMail(t.db(), { to: "a@example.com", subject: "two\r\nBcc: evil@example.com", text: "y" }),
    ).rejects.toThrow();
    await expect(enqueueMail(t.db(), { to: [], subject: "x", text: "y" })).rejects.toThrow();
    await expect(
      enqueueMail(
        t.db(),
        { to: "a@example.com", cc: "c@example.com", subject: "x", text: "y" },
        { perRecipient: true },
      ),
    ).rejects.toThrow();
  });

  it("claims nothing without a transport (SMTP_URL unset): mail stays pending", async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Kept", text: "x" });
      expect(await deliverDue()).toEqual({ claimed: 0, sent: 0, retrying: 0, failed: 0, postponed: 0 });
      expect(startMailWorker()).toBe(false);
      expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 0 });
    } finally {
      if (saved !== undefined) process.env.SMTP_URL = saved;
    }
  });

  it("keeps the mail while the server is down and delivers it once it is back", async () => {
    const down = await startTestSmtp();
    const port = down.port;
    await down.stop();
    const local = createMailTransport(`smtp://127.0.0.1:${port}`);
    try {
      const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "While down", text: "x" });
      const before = Date.now();
      expect(await deliverDue({ transport: local })).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
      let row = await rowOf(id);
      expect(row).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      expect(row.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before + 20_000);
      // Not due yet: nothing is claimed before the backoff is over.
      expect((await deliverDue({ transport: local })).claimed).toBe(0);

      await down.start();
      await makeDue();
      expect(await deliverDue({ transport: local })).toMatchObject({ claimed: 1, sent: 1 });
      row = await rowOf(id);
      expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
      expect(down.received.map((m) => m.headers.subject)).toEqual(["While down"]);
    } finally {
      local.close();
      await down.stop();
    }
  });

  it("tries one mail per round while the server cannot be reached, and puts the rest back untried", async () => {
    const down = await startTestSmtp();
    const port = down.port;
    await down.stop();
    const local = createMailTransport(`smtp://127.0.0.1:${port}`);
    try {
      const ids = await enqueueMails(
        t.db(),
        Array.from({ length: 5 }, (_, i) => ({ to: `user${i}@example.com`, subject: `Down ${i}`, text: "x" })),
      );
      expect(await deliverDue({ transport: local, concurrency: 1 })).toMatchObject({
        claimed: 5,
        retrying: 1,
        postponed: 4,
      });
      const rows = await Promise.all(ids.map(rowOf));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ["pending", 1],
        ["pending", 0],
        ["pending", 0],
        ["pending", 0],
        ["pending", 0],
      ]);
      expect(rows[1].lastError).toMatch(/^Not tried: /);
      expect(Math.abs(rows[1].nextAttemptAt.getTime() - rows[0].nextAttemptAt.getTime())).toBeLessThan(5_000);
      expect(rows[1].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    } finally {
      local.close();
    }
  });

  it("never gives up while the server cannot be reached", async () => {
    const down = await startTestSmtp();
    const port = down.port;
    await down.stop();
    const local = createMailTransport(`smtp://127.0.0.1:${port}`);
    try {
      const [id] = await enqueueMail(t.db(), { to: "ann@example.com", subject: "Patience", text: "x" });
      for (let i = 0; i < 3; i++) {
        await makeDue();
        await deliverDue({ transport: local, maxAttempts: 2 });
      }
      expect(await rowOf(id)).toMatchObject({ status: "pending", attempts: 3 });
    } finally {
      local.close();
    }
  });

  it("gives a mail the server refuses up as failed after the maximum attempts", async () => {
    const refusing = await startTestSmtp({
      onRcptTo: (address, _session, callback) =>
        callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 })),
    });
    const local = createMailTransport(`smtp://127.0.0.1:${refusing.port}`);
    try {
      const [id] = await enqueueMail(t.db(), { to: "gone@example.com", subject: "Bounce", text: "x" });
      for (let attempt = 1; attempt <= 3; attempt++) {
        await makeDue();
        const r = await deliverDue({ transport: local, maxAttempts: 3 });
        expect(r).toMatchObject(attempt < 3 ? { retrying: 1, failed: 0 } : { retrying: 0, failed: 1 });
      }
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: "failed", attempts: 3, sentAt: null, lockedUntil: null });
      expect(row.lastError).toMatch(/550/);
      await makeDue();
      expect((await deliverDue({ transport: local })).claimed).toBe(0);
      expect(refusing.received).toEqual([]);
    } finally {
      local.close();
      await refusing.stop();
    }
  });

  it("claims a row again once its lease expired, and not before", async () => {
    const [crashed, held] = await enqueueMails(t.db(), [
      { to: "ann@example.com", subject: "Sender crashed", text: "x" },
      { to: "bob@example.com", subject: "Sender busy", text: "x" },
    ]);
    // As a sender that died mid-send leaves it, and one that is still sending.
    await t
      .db()
      .update(o)
      .set({
        status: "sending",
        attempts: 1,
        lockedUntil: sql`now() - interval '1 second'`,
        nextAttemptAt: sql`now() - interval '1 second'`,
      })
      .where(eq(o.id, crashed));
    await t
      .db()
      .update(o)
      .set({
        status: "sending",
        attempts: 1,
        lockedUntil: sql`now() + interval '5 minutes'`,
        nextAttemptAt: sql`now() + interval '5 minutes'`,
      })
      .where(eq(o.id, held));
    expect(await deliverDue({ transport })).toMatchObject({ claimed: 1, sent: 1 });
    expect(await rowOf(crashed)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await rowOf(held)).toMatchObject({ status: "sending", attempts: 1 });
    expect(smtp.received.map((m) => m.headers.subject)).toEqual(["Sender crashed"]);
  });

  it("two senders at once never send the same row twice", async () => {
    const N = 60;
    await enqueueMails(
      t.db(),
      Array.from({ length: N }, (_, i) => ({ to: `user${i}@example.com`, subject: `Concurrent ${i}`, text: "x" })),
    );
    const second = createMailTransport(`smtp://mailer:${encodeURIComponent("s3cret:x")}@127.0.0.1:${smtp.port}`);
    try {
      // Both claim at the same moment (on PostgreSQL in two transactions on two connections).
      const [a, b] = await Promise.all([
        deliverDue({ transport, limit: 40 }),
        deliverDue({ transport: second, limit: 40 }),
      ]);
      expect(a.claimed + b.claimed).toBe(N);
      expect(a.sent + b.sent).toBe(N);
    } finally {
      second.close();
    }
    const subjects = smtp.received.map((m) => m.headers.subject);
    expect(subjects).toHaveLength(N);
    expect(new Set(subjects).size).toBe(N);
    expect(new Set(smtp.received.map((m) => m.headers["message-id"])).size).toBe(N);
    const [{ sent }] = await t
      .db()
      .select({ sent: sql<number>`count(*) filter (where ${o.status} = 'sent')::int` })
      .from(o);
    expect(sent).toBe(N);
  });

  it("the worker sends right after an enqueue in its process and stops cleanly", async () => {
    expect(startMailWorker({ intervalMs: 60_000, deliver: { transport } })).toBe(true);
    try {
      const [id] = await t
        .db()
        .transaction((tx) => enqueueMail(tx, { to: "ann@example.com", subject: "Woken", text: "x" }));
      await expect.poll(async () => (await rowOf(id)).status, { timeout: 5_000, interval: 50 }).toBe("sent");
      expect(smtp.received.map((m) => m.headers.subject)).toEqual(["Woken"]);
    } finally {
      await stopMailWorker();
    }
  });
});

describe("retry rules", () => {
  it("backs off 30 s, doubling, at most an hour", () => {
    expect([1, 2, 3, 4, 8, 9, 20].map((a) => retryDelayMs(a) / 1000)).toEqual([30, 60, 120, 240, 3600, 3600, 3600]);
  });

  it("tells a server that is not there from one that refused", () => {
    expect(isUnreachable(Object.assign(new Error("connect ECONNREFUSED"), { code: "ESOCKET" }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error("Greeting never received"), { code: "ETIMEDOUT" }))).toBe(true);
    expect(isUnreachable(Object.assign(new Error("421 shutting down"), { code: "EENVELOPE", responseCode: 421 }))).toBe(
      true,
    );
    expect(isUnreachable(Object.assign(new Error("550 no such user"), { code: "EENVELOPE", responseCode: 550 }))).toBe(
      false,
    );
    expect(isUnreachable(Object.assign(new Error("535 bad login"), { code: "EAUTH", responseCode: 535 }))).toBe(false);
    expect(isUnreachable(new Error("ENOENT: no such file"))).toBe(false);
  });
});
