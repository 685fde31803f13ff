import { logger } from "@/lib/log";
import { DEFAULT_LIMIT, deliverDue, type DeliverOptions } from "./sender";
import { closeMailTransport, getMailTransport, smtpUrl } from "./transport";

export const POLL_MS = 5_000;
/** After an enqueue, the sender looks this much later: the enqueuing transaction has usually committed by then. */
const WAKE_DELAY_MS = 100;

type Worker = {
  interval: NodeJS.Timeout;
  wake: NodeJS.Timeout | null;
  running: Promise<void> | null;
  again: boolean;
  stopped: boolean;
  options: DeliverOptions;
  /** The process's transport (SMTP_URL), closed at stop; a transport passed in belongs to the caller. */
  ownsTransport: boolean;
};

// One sender per process, on globalThis so every bundle (and a dev reload) finds the same one.
const g = globalThis as unknown as { __portalMailWorker?: Worker };

/** Sends what is due until a batch comes back short (or the worker stops). */
async function drain(w: Worker) {
  const limit = w.options.limit ?? DEFAULT_LIMIT;
  try {
    for (;;) {
      const r = await deliverDue(w.options);
      // A batch that met failures ends the round: the rest waits for the next tick instead of
      // hammering a server that is down.
      if (w.stopped || r.claimed < limit || r.retrying + r.failed > 0) break;
    }
  } catch (err) {
    logger.error({ err }, "mail sender: round failed");
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
 * Starts this process's mail sender (once; later calls do nothing): a round every `intervalMs` and
 * shortly after every enqueue in this process. Does nothing without SMTP_URL: mail then stays pending
 * in the outbox (the administrators' page lists it). Returns whether a sender runs.
 */
export function startMailWorker(opts: { intervalMs?: number; deliver?: DeliverOptions } = {}): boolean {
  if (g.__portalMailWorker) return true;
  if (!smtpUrl() && opts.deliver?.transport == null) {
    logger.info("mail: SMTP_URL is not set; mail is kept in the outbox and not sent");
    return false;
  }
  const ownsTransport = opts.deliver?.transport == null;
  const options = { ...opts.deliver, transport: opts.deliver?.transport ?? getMailTransport() };
  const w: Worker = {
    interval: setInterval(() => run(w), opts.intervalMs ?? POLL_MS),
    wake: null,
    running: null,
    again: false,
    stopped: false,
    options,
    ownsTransport,
  };
  w.interval.unref();
  g.__portalMailWorker = w;
  run(w);
  logger.info("mail: sender started");
  return true;
}

/** Asks this process's sender (if one runs) to look at the outbox now. enqueueMails calls it. */
export function wakeMailSender(): void {
  const w = g.__portalMailWorker;
  if (!w || w.stopped || w.wake) return;
  w.wake = setTimeout(() => {
    w.wake = null;
    run(w);
  }, WAKE_DELAY_MS);
  w.wake.unref();
}

/**
 * Stops the sender: no new rounds; the round under way finishes (its sends are bounded by the
 * transport's timeouts), then the transport's connections close. A row it could not finish keeps its
 * lease and is sent by the next sender once the lease expires.
 */
export async function stopMailWorker(): Promise<void> {
  const w = g.__portalMailWorker;
  if (!w) return;
  w.stopped = true;
  clearInterval(w.interval);
  if (w.wake) clearTimeout(w.wake);
  await w.running;
  g.__portalMailWorker = undefined;
  if (w.ownsTransport) closeMailTransport();
}
