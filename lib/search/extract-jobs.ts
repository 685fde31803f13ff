import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { chunkText, ExtractionError, extractText, MAX_TEXT_CHARS, textFormatOf } from "./extract";

const t = schema.fileTexts;

/** A claimed extraction is not taken by another process for this long (a 20 MB PDF takes seconds). */
export const LEASE_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;
const RETRY_MS = [60_000, 10 * 60_000];

/**
 * Queues text extraction for files just claimed into content: one `pending` row per file whose type
 * has text (PDF, DOCX, XLSX, plain text), in the claiming transaction, so the job exists exactly when
 * the save committed. The upload never waits for it.
 */
export async function enqueueTextExtraction(
  tx: Tx,
  files: { id: number; mime: string; originalName: string }[],
): Promise<number> {
  const ids = files.filter((f) => textFormatOf({ mime: f.mime, name: f.originalName })).map((f) => f.id);
  if (!ids.length) return 0;
  await tx
    .insert(t)
    .values(ids.map((fileId) => ({ fileId })))
    .onConflictDoNothing();
  return ids.length;
}

const DUE = sql`${t.status} in ('pending', 'working') and ${t.nextAttemptAt} <= now()`;

/** Claims one due row (FOR UPDATE SKIP LOCKED, then a lease), as the mail sender does. */
async function claimOne(leaseMs: number): Promise<number | null> {
  const db = await getDb();
  // A plain read first: an idle queue costs one index probe and no transaction.
  const [any] = await db.select({ id: t.fileId }).from(t).where(DUE).limit(1);
  if (!any) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: t.fileId })
      .from(t)
      .where(DUE)
      .orderBy(t.nextAttemptAt, t.fileId)
      .limit(1)
      .for("update", { skipLocked: true });
    if (!row) return null;
    const lease = sql`now() + ${leaseMs} * interval '1 millisecond'`;
    await tx
      .update(t)
      .set({
        status: "working",
        attempts: sql`${t.attempts} + 1`,
        lockedUntil: lease,
        nextAttemptAt: lease,
        updatedAt: sql`now()`,
      })
      .where(eq(t.fileId, row.id));
    return row.id;
  });
}

export type ExtractResult = { fileId: number; status: "done" | "skipped" | "retry" | "failed"; chars: number };

/**
 * Extracts one claimed file and records the outcome: its passages and `done`, or a retry / `failed` with the error
 * (at once when retrying cannot help).
 */
async function processOne(fileId: number): Promise<ExtractResult> {
  const db = await getDb();
  const [file] = await db.select().from(schema.files).where(eq(schema.files.id, fileId)).limit(1);
  const [job] = await db.select({ attempts: t.attempts }).from(t).where(eq(t.fileId, fileId)).limit(1);
  const format = file ? textFormatOf({ mime: file.mime, name: file.originalName }) : null;
  if (!file || !format || !job) {
    await db
      .update(t)
      .set({ status: "skipped", lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(t.fileId, fileId));
    return { fileId, status: "skipped", chars: 0 };
  }
  try {
    const text = await extractText(
      await getStorage().get(file.storageKey),
      format,
      MAX_TEXT_CHARS,
      Number(file.size) || 0,
    );
    const chunks = chunkText(text);
    await db.transaction(async (tx) => {
      await tx.delete(schema.fileTextChunks).where(eq(schema.fileTextChunks.fileId, fileId));
      // In batches: a long document has hundreds of passages.
      for (let i = 0; i < chunks.length; i += 100) {
        await tx
          .insert(schema.fileTextChunks)
          .values(chunks.slice(i, i + 100).map((content, j) => ({ fileId, position: i + j, content })));
      }
      await tx
        .update(t)
        .set({ status: "done", chars: text.length, lastError: null, lockedUntil: null, updatedAt: sql`now()` })
        .where(eq(t.fileId, fileId));
    });
    return { fileId, status: "done", chars: text.length };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Too large, or more memory than the reader may take: another attempt would fail the same way.
    const failed = job.attempts >= MAX_ATTEMPTS || (err instanceof ExtractionError && err.permanent);
    logger.warn(
      { err, fileId, attempts: job.attempts },
      failed ? "search: text extraction failed for good" : "search: text extraction failed; retrying later",
    );
    await db
      .update(t)
      .set({
        status: failed ? "failed" : "pending",
        lastError: message.slice(0, 1000),
        lockedUntil: null,
        nextAttemptAt: sql`now() + ${RETRY_MS[Math.min(job.attempts - 1, RETRY_MS.length - 1)] ?? RETRY_MS[0]} * interval '1 millisecond'`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(t.fileId, fileId), inArray(t.status, ["working"])));
    return { fileId, status: failed ? "failed" : "retry", chars: 0 };
  }
}

/** Extracts due files one at a time (one file's text in memory at once) until none is due or `limit` are done. */
export async function extractDue({
  limit = 50,
  leaseMs = LEASE_MS,
  shouldStop,
}: { limit?: number; leaseMs?: number; shouldStop?: () => boolean } = {}): Promise<ExtractResult[]> {
  const out: ExtractResult[] = [];
  while (out.length < limit && !shouldStop?.()) {
    const id = await claimOne(leaseMs);
    if (id == null) break;
    out.push(await processOne(id));
  }
  return out;
}
