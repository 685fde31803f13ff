import { logger } from "@/lib/log";
import { backgroundLoop } from "@/lib/jobs/background-loop";
import { extractDue } from "./extract-jobs";

export const POLL_MS = 10_000;
/** After an enqueue, the extractor looks this much later: the claiming transaction has usually committed by then. */
const WAKE_DELAY_MS = 250;

const loop = backgroundLoop("text-extractor");

/** Extracts due files in batches until a batch comes back short (or the loop stops). */
async function drain(stopped: () => boolean) {
  try {
    for (;;) {
      const done = await extractDue({ limit: 20, shouldStop: stopped });
      if (stopped() || done.length < 20) break;
    }
  } catch (err) {
    logger.error({ err }, "search: text extraction round failed");
  }
}

/**
 * Starts this process's text extractor (once): a round every `intervalMs` and shortly after every
 * enqueue in this process. Jobs live in file_texts, so a restart resumes them; a job whose process died
 * mid-extraction is due again when its lease lapses (lib/jobs/lease.ts LEASE_MS), and taken on the next
 * poll: within a minute.
 */
export function startTextExtractor(opts: { intervalMs?: number } = {}): void {
  loop.start({ intervalMs: opts.intervalMs ?? POLL_MS, wakeDelayMs: WAKE_DELAY_MS, round: drain });
}

/** Asks this process's extractor (if one runs) to look for due files now. claimUploads calls it. */
export function wakeTextExtractor(): void {
  loop.wake();
}

/** Stops the extractor: no new files are claimed; the one under way finishes. */
export function stopTextExtractor(): Promise<void> {
  return loop.stop();
}
