import { eq, sql } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { fromNow, heldBy, LEASE_MS, workLeased, type Claim } from "@/lib/jobs/lease";
import { logger } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { chunkText, ExtractionError, extractText, MAX_TEXT_CHARS, textFormatOf } from "./extract";

const t = schema.fileTexts;

export const MAX_ATTEMPTS = 3;
const RETRY_MS = [60_000, 10 * 60_000];

/** The delay before attempt `attempts + 1`: 1 min, then 10 min. */
const retryDelayMs = (attempts: number) => RETRY_MS[Math.min(attempts - 1, RETRY_MS.length - 1)] ?? RETRY_MS[0];

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

/** The extraction jobs as leased jobs (lib/jobs/lease.ts): a claimed row is `working`. */
const JOBS = { name: "search: text extraction", table: t, key: "fileId", working: "working" } as const;
type Job = typeof t.$inferSelect;

/**
 * `lost`: the job's claim lapsed before its outcome was recorded (another process has it now, or this one
 * is stopping): whoever holds it next records it.
 */
export type ExtractResult = { fileId: number; status: "done" | "skipped" | "retry" | "failed" | "lost"; chars: number };

/**
 * Extracts one claimed file and records the outcome, only while the claim still holds the job (so a
 * process that lost its lease never writes over the one that took the job over): its passages and `done`,
 * or a retry / `failed` with the error (at once when retrying cannot help). An outcome the database does
 * not take is written again until it is recorded (the extraction is not done again).
 */
async function processOne(claim: Claim<Job>, job: Job): Promise<ExtractResult> {
  const { fileId } = job;
  const db = await getDb();
  const [file] = await db.select().from(schema.files).where(eq(schema.files.id, fileId)).limit(1);
  const format = file ? textFormatOf({ mime: file.mime, name: file.originalName }) : null;
  /** Records the outcome with `write`, which says whether the claim still held the job. */
  const outcome = async (status: ExtractResult["status"], chars: number, write: () => Promise<boolean>) => {
    const r = await claim.record(job, write);
    if (r.recorded) return { fileId, status: r.value ? status : "lost", chars } satisfies ExtractResult;
    return { fileId, status: r.handedBack ?? "lost", chars: 0 } satisfies ExtractResult;
  };
  const held = (rows: unknown[]) => rows.length > 0;
  if (!file || !format) {
    return outcome("skipped", 0, async () =>
      held(
        await db
          .update(t)
          .set({ status: "skipped", lockedUntil: null, updatedAt: sql`now()` })
          .where(heldBy(JOBS, [job]))
          .returning({ fileId: t.fileId }),
      ),
    );
  }
  let text: string;
  try {
    text = await extractText(await getStorage().get(file.storageKey), format, MAX_TEXT_CHARS, Number(file.size) || 0);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // Too large, or more memory than the reader may take: another attempt would fail the same way.
    const failed = job.attempts >= MAX_ATTEMPTS || (err instanceof ExtractionError && err.permanent);
    logger.warn(
      { err, fileId, attempts: job.attempts },
      failed ? "search: text extraction failed for good" : "search: text extraction failed; retrying later",
    );
    return outcome(failed ? "failed" : "retry", 0, async () =>
      held(
        await db
          .update(t)
          .set({
            status: failed ? "failed" : "pending",
            lastError: message.slice(0, 1000),
            lockedUntil: null,
            nextAttemptAt: fromNow(retryDelayMs(job.attempts)),
            updatedAt: sql`now()`,
          })
          .where(heldBy(JOBS, [job]))
          .returning({ fileId: t.fileId }),
      ),
    );
  }
  const chunks = chunkText(text);
  return outcome("done", text.length, () =>
    db.transaction(async (tx) => {
      // The job's row first: it is locked for the rest of the transaction, and a claim that lapsed writes nothing.
      const ours = await tx
        .update(t)
        .set({ status: "done", chars: text.length, lastError: null, lockedUntil: null, updatedAt: sql`now()` })
        .where(heldBy(JOBS, [job]))
        .returning({ fileId: t.fileId });
      if (!held(ours)) return false;
      await tx.delete(schema.fileTextChunks).where(eq(schema.fileTextChunks.fileId, fileId));
      // In batches: a long document has hundreds of passages.
      for (let i = 0; i < chunks.length; i += 100) {
        await tx
          .insert(schema.fileTextChunks)
          .values(chunks.slice(i, i + 100).map((content, j) => ({ fileId, position: i + j, content })));
      }
      return true;
    }),
  );
}

/**
 * Extracts due files one at a time (one file's text in memory at once) until none is due or `limit` are
 * done. Each job is claimed under the background jobs' short lease, renewed while its file is read (a big
 * PDF is never taken over), so the jobs of a process that died move on within LEASE_MS.
 */
export async function extractDue({
  limit = 50,
  leaseMs = LEASE_MS,
  shouldStop,
}: { limit?: number; leaseMs?: number; shouldStop?: () => boolean } = {}): Promise<ExtractResult[]> {
  const out: ExtractResult[] = [];
  while (out.length < limit && !shouldStop?.()) {
    const done = await workLeased(
      JOBS,
      { limit: 1, leaseMs, stopped: shouldStop, handBack: { maxAttempts: MAX_ATTEMPTS, retryDelayMs } },
      (claim) => processOne(claim, claim.rows[0]),
    );
    if (!done) break;
    out.push(done);
  }
  return out;
}
