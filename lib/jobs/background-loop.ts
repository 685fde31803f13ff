/**
 * The loop every background worker of this process runs (the mail sender, the text extractor, the
 * upload sweeper): a round every `intervalMs` and shortly after a
 * wake-up, never two rounds at once (a wake-up during a round runs one more after it), one loop per
 * name on globalThis so every bundle (and a dev reload) finds the same one. The work itself (claiming
 * rows under the lease of lib/jobs/lease.ts: lib/mail/sender.ts, lib/search/extract-jobs.ts) lives in the database, so a restart
 * resumes it.
 */

import { logger } from "@/lib/log";

export type LoopOptions = {
  intervalMs: number;
  /** The first round runs this much after the start (default: at once); work that can wait leaves the start to requests. */
  firstRoundMs?: number;
  /** A wake-up's round runs this much later (the enqueuing transaction has usually committed by then). */
  wakeDelayMs: number;
  /** One round: called with `stopped()` (check it between items to stop early); it logs its own errors (an escaped one is swallowed). */
  round: (stopped: () => boolean) => Promise<void>;
  /** Runs once the loop has stopped (after the last round), e.g. to close connections the loop owns. */
  onStop?: () => void;
};

export type BackgroundLoop = {
  /** Starts the loop (once; later calls do nothing, and return false) and runs a first round (after `firstRoundMs`). */
  start(opts: LoopOptions): boolean;
  /** Asks a running loop for a round in `wakeDelayMs` (enqueuers call it after their insert). */
  wake(): void;
  /** Stops the loop: no new rounds; resolves when the round under way has finished (and `onStop` ran). */
  stop(): Promise<void>;
  /** Whether the loop runs. */
  running(): boolean;
};

type State = {
  opts: LoopOptions;
  interval: NodeJS.Timeout;
  wake: NodeJS.Timeout | null;
  first: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
};

const g = globalThis as unknown as { __portalLoops?: Map<string, State> };

/** The loop named `name` (one per process). */
export function backgroundLoop(name: string): BackgroundLoop {
  const loops = (g.__portalLoops ??= new Map<string, State>());
  const run = (s: State) => {
    if (s.stopped) return;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = s.opts
      .round(() => s.stopped)
      .catch(() => {})
      .finally(() => {
        s.running = null;
        if (s.again && !s.stopped) {
          s.again = false;
          run(s);
        }
      });
  };
  return {
    start(opts) {
      if (loops.has(name)) return false;
      const s: State = {
        opts,
        interval: setInterval(() => run(s), opts.intervalMs),
        wake: null,
        first: null,
        running: null,
        again: false,
        stopped: false,
      };
      s.interval.unref();
      loops.set(name, s);
      if (opts.firstRoundMs) {
        s.first = setTimeout(() => run(s), opts.firstRoundMs);
        s.first.unref();
      } else run(s);
      return true;
    },
    wake() {
      const s = loops.get(name);
      if (!s || s.stopped || s.wake) return;
      s.wake = setTimeout(() => {
        s.wake = null;
        run(s);
      }, s.opts.wakeDelayMs);
      s.wake.unref();
    },
    async stop() {
      const s = loops.get(name);
      if (!s) return;
      s.stopped = true;
      clearInterval(s.interval);
      if (s.wake) clearTimeout(s.wake);
      if (s.first) clearTimeout(s.first);
      await s.running;
      loops.delete(name);
      s.opts.onStop?.();
    },
    running: () => loops.has(name),
  };
}

/**
 * Starts `loop` for a periodic job set by the environment variable `env`: a round every `env` minutes
 * (60 when unset, never when "0", then it returns false), the first one `firstRoundMs` after the start.
 * A round that throws is logged with `failed` and the loop goes on.
 */
export function startPeriodicJob(
  loop: BackgroundLoop,
  job: { env: string; firstRoundMs: number; failed: string; round: () => Promise<void> },
): boolean {
  if (process.env[job.env] === "0") return false;
  const minutes = Number(process.env[job.env]) || 60;
  return loop.start({
    intervalMs: minutes * 60_000,
    firstRoundMs: job.firstRoundMs,
    wakeDelayMs: 0,
    round: async () => {
      try {
        await job.round();
      } catch (err) {
        logger.error({ err }, job.failed);
      }
    },
  });
}
