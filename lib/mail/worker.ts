import { logger } from "@/lib/log";
import { backgroundLoop } from "@/lib/jobs/background-loop";
import { DEFAULT_LIMIT, deliverDue, type DeliverOptions } from "./sender";
import { closeMailTransport, getMailTransport, smtpUrl } from "./transport";

export const POLL_MS = 5_000;
/** After an enqueue, the sender looks this much later: the enqueuing transaction has usually committed by then. */
const WAKE_DELAY_MS = 100;

const loop = backgroundLoop("mail-sender");

/** Sends what is due until a batch comes back short (or the sender stops). */
async function drain(options: DeliverOptions, stopped: () => boolean) {
  const limit = options.limit ?? DEFAULT_LIMIT;
  try {
    for (;;) {
      const r = await deliverDue({ ...options, stopped });
      // A batch that met failures ends the round: the rest waits for the next tick instead of
      // hammering a server that is down.
      if (stopped() || r.claimed < limit || r.retrying + r.failed > 0) break;
    }
  } catch (err) {
    logger.error({ err }, "mail sender: round failed");
  }
}

/**
 * Starts this process's mail sender (once; later calls do nothing): a round every `intervalMs` and
 * shortly after every enqueue in this process. Does nothing without SMTP_URL: mail then stays pending
 * in the outbox (the administrators' page lists it). Returns whether a sender runs.
 */
export function startMailWorker(opts: { intervalMs?: number; deliver?: DeliverOptions } = {}): boolean {
  if (loop.running()) return true;
  if (!smtpUrl() && opts.deliver?.transport == null) {
    logger.info("mail: SMTP_URL is not set; mail is kept in the outbox and not sent");
    return false;
  }
  // The process's transport (SMTP_URL) is closed at stop; a transport passed in belongs to the caller.
  const ownsTransport = opts.deliver?.transport == null;
  const options = { ...opts.deliver, transport: opts.deliver?.transport ?? getMailTransport() };
  loop.start({
    intervalMs: opts.intervalMs ?? POLL_MS,
    wakeDelayMs: WAKE_DELAY_MS,
    round: (stopped) => drain(options, stopped),
    onStop: ownsTransport ? closeMailTransport : undefined,
  });
  logger.info("mail: sender started");
  return true;
}

/** Asks this process's sender (if one runs) to look at the outbox now. enqueueMails calls it. */
export function wakeMailSender(): void {
  loop.wake();
}

/**
 * Stops the sender: no new rounds; the round under way finishes (its sends are bounded by the
 * transport's timeouts, an outcome the database does not take is tried once more), then the transport's
 * connections close. A row it could not finish keeps its lease and is sent by the next sender once the
 * lease expires.
 */
export function stopMailWorker(): Promise<void> {
  return loop.stop();
}
