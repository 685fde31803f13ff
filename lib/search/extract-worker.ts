import { logger } from "@/lib/log";
import { extractDue } from "./extract-jobs";

export const POLL_MS = 10_000;
/** After an enqueue, the extractor looks this much later: the claiming transaction has usually committed by then. */
const WAKE_DELAY_MS = 250;

type Worker = { interval: NodeJS.Timeout; wake: NodeJS.Timeout | null; running: Promise<void> | null; again: boolean; stopped: boolean };

// One extractor per process, on globalThis so every bundle (and a dev reload) finds the same one.
const g = globalThis as unknown as { __portalTextExtractor?: Worker };

async function drain(w: Worker) {
  try {
    for (;;) {
      const done = await extractDue({ limit: 20, shouldStop: () => w.stopped });
      if (w.stopped || done.length < 20) break;
    }
  } catch (err) {
    logger.error({ err }, "search: text extraction round failed");
  }
}

function run(w: Worker) {
  if (w.stopped) return;
  if (w.running) {
    w.again = true;
    return;
  }
  w.running = drain(w).finally(() => {
    w.running = null;
    if (w.again && !w.stopped) {
      w.again = false;
      run(w);
    }
  });
}

/**
 * Starts this process's text extractor (once): a round every `intervalMs` and shortly after every
 * enqueue in this process. Jobs live in file_texts, so a restart resumes them; a job whose process died
 * mid-extraction is due again when its lease expires.
 */
export function startTextExtractor(opts: { intervalMs?: number } = {}): void {
  if (g.__portalTextExtractor) return;
  const w: Worker = { interval: setInterval(() => run(w), opts.intervalMs ?? POLL_MS), wake: null, running: null, again: false, stopped: false };
  w.interval.unref();
  g.__portalTextExtractor = w;
  run(w);
}

/** Asks this process's extractor (if one runs) to look for due files now. claimUploads calls it. */
export function wakeTextExtractor(): void {
  const w = g.__portalTextExtractor;
  if (!w || w.stopped || w.wake) return;
  w.wake = setTimeout(() => {
    w.wake = null;
    run(w);
  }, WAKE_DELAY_MS);
  w.wake.unref();
}

/** Stops the extractor: no new files are claimed; the one under way finishes. */
export async function stopTextExtractor(): Promise<void> {
  const w = g.__portalTextExtractor;
  if (!w) return;
  w.stopped = true;
  clearInterval(w.interval);
  if (w.wake) clearTimeout(w.wake);
  await w.running;
  g.__portalTextExtractor = undefined;
}
