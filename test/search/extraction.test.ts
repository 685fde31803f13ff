/**
 * Text extraction for the search, end to end against the real database and a temporary disk store:
 * upload (store_document), save (store_attachment claims the upload and queues the job in its
 * transaction), the background job (extractDue) turns the PDF, DOCX, XLSX and text files into
 * passages, and the search finds a word inside each and shows the passage. The job survives a
 * restart: a claim whose process died is taken again when its lease expires; a live long extraction
 * renews its lease and is not taken over (the background jobs' lease, lib/jobs/lease.ts).
 */
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { callRoute, setupTestDatabase } from "@/test/db";
import { failQueries, spawnWorker, valueRefused } from "@/test/jobs";
import { actors, call } from "@/test/content/helpers";
import { setupTempStorage, uploadRequest } from "@/test/files/helpers";
import { storeDocument } from "@/lib/files/api";
import { POST as storeAttachment } from "@/app/api/v1/store_attachment/route";
import { schema } from "@/lib/db";
import { extractDue, MAX_ATTEMPTS } from "@/lib/search/extract-jobs";
import { POLL_MS } from "@/lib/search/extract-worker";
import { LEASE_MS } from "@/lib/jobs/lease";
import { suggest } from "@/lib/search/queries";
import { docxWithText, pdfWithText, xlsxWithText } from "./documents";

const t = setupTestDatabase();
const storage = setupTempStorage();
let who: Awaited<ReturnType<typeof actors>>;

beforeAll(async () => {
  who = await actors(t.db());
});

async function attach(name: string, data: Buffer, title: string): Promise<number> {
  const up = await callRoute(
    storeDocument,
    uploadRequest("/api/v1/store_document?kind=attachment", { token: who.admin.token, parts: [{ name, data }] }),
  );
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  const key = up.json.content as string;
  const res = await call(storeAttachment, "/api/v1/store_attachment", {
    method: "POST",
    token: who.admin.token,
    body: {
      attachSlug: "documents",
      attachTitle: title,
      upload_type: "file",
      attachPath: [key],
      attachSize: [data.length],
      attachType: [name.split(".").pop()],
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const [file] = await t
    .db()
    .select({ id: schema.files.id })
    .from(schema.files)
    .where(eq(schema.files.storageKey, key));
  return file.id;
}

const job = async (fileId: number) =>
  (await t.db().select().from(schema.fileTexts).where(eq(schema.fileTexts.fileId, fileId)))[0];
const attachmentsFound = async (q: string) =>
  (await suggest({ q, user: who.staff.user })).find((g) => g.kind === "attachment")?.results ?? [];

describe("documents are searched inside", () => {
  it("the save queues a job (the upload alone does not); the job extracts PDF, DOCX, XLSX and text", async () => {
    const pdf = await attach(
      "service-manual.pdf",
      pdfWithText(["Chapter one: introduction", "Replace the camshaft sprocket at 60,000 miles"]),
      "Service manual",
    );
    const docx = await attach(
      "memo.docx",
      docxWithText(["Holiday rota", "The showroom closes early on the solstice"]),
      "Memo",
    );
    const xlsx = await attach("stock.xlsx", xlsxWithText(["Windscreen wipers", "Quadrant mirrors"]), "Stock sheet");
    const txt = await attach("notes.txt", Buffer.from("Customer asked about the mudflap recall."), "Notes");
    for (const id of [pdf, docx, xlsx, txt]) expect((await job(id)).status).toBe("pending");
    expect(await attachmentsFound("camshaft")).toEqual([]);

    const done = await extractDue();
    expect(done.map((d) => d.status)).toEqual(["done", "done", "done", "done"]);
    for (const id of [pdf, docx, xlsx, txt]) expect((await job(id)).status).toBe("done");

    for (const [word, name] of [
      ["camshaft sprockets", "service-manual.pdf"],
      ["solstice", "memo.docx"],
      ["quadrant mirror", "stock.xlsx"],
      ["mudflap", "notes.txt"],
    ] as const) {
      const r = (await attachmentsFound(word))[0];
      expect(r, word).toBeTruthy();
      expect(r.source).toBe("document");
      expect(r.documentName).toBe(name);
      expect(r.snippet.some((s) => s.hit)).toBe(true);
    }
  });

  it("a job whose process died mid-extraction is taken again after its lease; a broken file fails after 3 attempts", async () => {
    const id = await attach("lease.txt", Buffer.from("Lease test: alternator bracket."), "Lease");
    // A claim that never finished (the process died): 'working' with a lease that has run out.
    await t
      .db()
      .update(schema.fileTexts)
      .set({ status: "working", attempts: 1, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(schema.fileTexts.fileId, id));
    expect((await extractDue()).find((d) => d.fileId === id)?.status).toBe("done");
    expect((await attachmentsFound("alternator bracket"))[0]?.documentName).toBe("lease.txt");

    const broken = await attach("broken.pdf", Buffer.from("%PDF-1.4 this is not really a pdf"), "Broken");
    for (let attempt = 1; attempt <= 3; attempt++) {
      await t
        .db()
        .update(schema.fileTexts)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(schema.fileTexts.fileId, broken));
      const r = (await extractDue()).find((d) => d.fileId === broken);
      expect(r?.status).toBe(attempt < 3 ? "retry" : "failed");
    }
    const row = await job(broken);
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(3);
    expect(row.lastError).toBeTruthy();
  });

  it("a PDF that needs more memory than the reader's cap fails its job at once, recorded, not retried", async () => {
    const id = await attach("huge.pdf", pdfWithText(["Pretend this needs a lot of memory"]), "Huge");
    vi.stubEnv("SEARCH_PDF_HEAP_MB", "1");
    try {
      expect((await extractDue()).find((d) => d.fileId === id)?.status).toBe("failed");
    } finally {
      vi.unstubAllEnvs();
    }
    const row = await job(id);
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    expect(row.lastError).toMatch(/memory/);
    expect((await extractDue()).find((d) => d.fileId === id)).toBeUndefined();
  });

  it("an image is not queued", async () => {
    const { PNG_1X1 } = await import("@/test/files/helpers");
    const id = await attach("photo.png", Buffer.from(PNG_1X1), "Photo");
    expect(await job(id)).toBeUndefined();
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("extraction jobs hold the background jobs' short, renewed lease", () => {
  it("a dead extractor's job is due again within a minute: the lease and the extractor's poll together", () => {
    expect(LEASE_MS + POLL_MS).toBeLessThanOrEqual(60_000);
  });

  it("an extractor killed mid-extraction: another takes its job once the short lease lapses, not while it lives", async () => {
    const leaseMs = 3_000;
    expect(await extractDue()).toEqual([]);
    const id = await attach("killed.txt", Buffer.from("Killed worker: radiator hose clamp."), "Killed");
    // Its storage never finishes handing over the file, as a big PDF being read when the instance dies.
    const child = await spawnWorker(t.db(), path.join(import.meta.dirname, "extractor-process.ts"), {
      TEST_LEASE_MS: String(leaseMs),
    });
    try {
      const started = Date.now();
      while (!child.stdout().includes("reading")) {
        if (Date.now() - started > 30_000) throw new Error(`the extractor never started reading: ${child.stderr()}`);
        await sleep(50);
      }
      expect(await job(id)).toMatchObject({ status: "working", attempts: 1 });
      // The child renews its lease while it reads: past its first lease, nobody else gets the job.
      await sleep(leaseMs * 1.5);
      expect(await extractDue({ leaseMs })).toEqual([]);
      child.kill();
      await child.exited;
      const killedAt = Date.now();
      expect(await job(id)).toMatchObject({ status: "working", attempts: 1 });

      // Another extractor, polling, takes the job once the dead one's lease lapses.
      let taken: Awaited<ReturnType<typeof extractDue>> = [];
      while (!taken.length && Date.now() - killedAt < 4 * leaseMs) {
        taken = await extractDue({ leaseMs });
        if (!taken.length) await sleep(100);
      }
      const tookOverAt = Date.now();
      expect(taken).toEqual([{ fileId: id, status: "done", chars: expect.any(Number) }]);
      expect(tookOverAt - killedAt).toBeLessThan(leaseMs + 1_000);
      expect(await job(id)).toMatchObject({ status: "done", attempts: 2, lockedUntil: null });
      expect((await attachmentsFound("radiator hose"))[0]?.documentName).toBe("killed.txt");
    } finally {
      child.kill();
    }
  }, 60_000);

  it("a long extraction renews its lease: a file read for three leases is not taken over", async () => {
    const leaseMs = 1_200;
    expect(await extractDue()).toEqual([]);
    const id = await attach("slow.txt", Buffer.from("Slow read: wheel bearing grease."), "Slow");
    const driver = storage.driver();
    const get = driver.get.bind(driver);
    let reading: () => void = () => {};
    const started = new Promise<void>((resolve) => (reading = resolve));
    const reads = vi.spyOn(driver, "get").mockImplementation(async (key) => {
      reading();
      await sleep(3 * leaseMs);
      return get(key);
    });
    try {
      let finished = false;
      const first = extractDue({ leaseMs }).finally(() => (finished = true));
      await started;
      // Another extractor looks all the while (three leases): it never gets the job.
      let takenByOther = 0;
      while (!finished) {
        takenByOther += (await extractDue({ leaseMs })).length;
        await sleep(100);
      }
      expect(await first).toEqual([{ fileId: id, status: "done", chars: expect.any(Number) }]);
      expect(takenByOther).toBe(0);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await job(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null });
    } finally {
      reads.mockRestore();
    }
  });

  it("an outcome write that fails once is written again: the job ends done, its file read once", async () => {
    expect(await extractDue()).toEqual([]);
    const id = await attach("blip.txt", Buffer.from("Database blip: tie rod end."), "Blip");
    const reads = vi.spyOn(storage.driver(), "get");
    let doneWrites = 0;
    const undo = failQueries(t.db(), (query, params) => {
      const isDone = /^update "file_texts" set "status" = \$1/.test(query) && params[0] === "done";
      if (isDone) doneWrites++;
      return isDone;
    });
    try {
      expect(await extractDue()).toEqual([{ fileId: id, status: "done", chars: expect.any(Number) }]);
      expect(doneWrites).toBe(2);
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      undo();
      reads.mockRestore();
    }
    expect(await job(id)).toMatchObject({ status: "done", attempts: 1, lockedUntil: null });
    expect((await attachmentsFound("tie rod"))[0]?.documentName).toBe("blip.txt");
  });
});

describe("an outcome the database refuses is not retried in a loop", () => {
  it("a done write refused by the database is tried once, the job handed back with backoff, failed after max attempts", async () => {
    expect(await extractDue()).toEqual([]);
    const id = await attach("refused.txt", Buffer.from("Refused record: brake caliper."), "Refused");
    let doneWrites = 0;
    const undo = failQueries(
      t.db(),
      (query, params) =>
        /^update "file_texts" set "status" = \$1/.test(query) && params[0] === "done" && ++doneWrites > 0,
      Infinity,
      valueRefused,
    );
    try {
      const before = Date.now();
      expect(await extractDue()).toEqual([{ fileId: id, status: "retry", chars: 0 }]);
      expect(doneWrites).toBe(1);
      const handedBack = await job(id);
      expect(handedBack).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      expect(handedBack.lastError).toBe('Outcome not recorded: invalid byte sequence for encoding "UTF8": 0x00');
      // The first retry's delay (1 min), not at once: no hot loop.
      expect(handedBack.nextAttemptAt.getTime() - before).toBeGreaterThan(50_000);
      expect(await extractDue()).toEqual([]);

      // Due again (as after each backoff) until the last attempt, which gives the job up.
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        await t
          .db()
          .update(schema.fileTexts)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(schema.fileTexts.fileId, id));
        const last = attempt === MAX_ATTEMPTS;
        expect(await extractDue()).toEqual([{ fileId: id, status: last ? "failed" : "retry", chars: 0 }]);
        expect(doneWrites).toBe(attempt);
      }
    } finally {
      undo();
    }
    expect(await job(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, lockedUntil: null });
    expect(await extractDue()).toEqual([]);
    expect(await attachmentsFound("brake caliper")).toEqual([]);
  });
});
