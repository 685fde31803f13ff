export async function register() {
  // Only in the Node.js server at run time: not in the build, not in the edge runtime.
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Production without AUTH_URL: say at start which origin links are built on, and why (never a Host header).
  const { publicOriginNotice } = await import("@/lib/http/forwarded");
  const notice = publicOriginNotice();
  if (notice) console.warn(notice);
  const [{ isDatabaseUnavailable }, { noteDatabaseUnavailable }] = await Promise.all([
    import("@/lib/db/retry"),
    import("@/lib/db/faults"),
  ]);
  noteIfDatabaseFailed = (err) => {
    if (isDatabaseUnavailable(err)) noteDatabaseUnavailable();
  };
  const { bootstrapDatabase } = await import("@/lib/db/bootstrap");
  await bootstrapDatabase();
  // Hourly: uploads nobody saved within a day are deleted (lib/files/sweep.ts).
  const { startUploadSweeper } = await import("@/lib/files/sweep");
  startUploadSweeper();
  // Hourly: each approver's daily summary of overdue staff requests (lib/requests/overdue-summary.ts).
  const { startOverdueSummaries } = await import("@/lib/requests/overdue-summary");
  startOverdueSummaries();
  // A minute's round: the must-read mails on publication and a day before the due time (lib/content/must-read/reminders.ts).
  const { startMustReadMails } = await import("@/lib/content/must-read/reminders");
  startMustReadMails();
  // Search: extracts the text of uploaded documents in the background (lib/search/extract-worker.ts).
  const { startTextExtractor, stopTextExtractor } = await import("@/lib/search/extract-worker");
  startTextExtractor();
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopTextExtractor());
  // Mail: sends the outbox when SMTP_URL is set (lib/mail/worker.ts), and stops with the server
  // (Next's own signal handler then exits; a round cut short keeps its lease and is resumed later).
  const { startMailWorker, stopMailWorker } = await import("@/lib/mail/worker");
  if (startMailWorker())
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stopMailWorker());
}

/** Set by register() (the Node.js server only): records a database failure for the request (lib/db/faults.ts). */
let noteIfDatabaseFailed: ((err: unknown) => void) | undefined;

/**
 * Next's report of an error of a page, route or action: a database that could not answer is recorded
 * for the server in front (scripts/portal-server.mjs), which then answers 503 instead of Next's 500. A
 * page that failed on the session lookup (most of them: it is every page's first query) is recorded
 * there already; this covers a page whose later query failed.
 */
export function onRequestError(err: unknown) {
  noteIfDatabaseFailed?.(err);
}
