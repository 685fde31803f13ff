/** One sentence for the state of To read: nothing addressed to the reader, all read, or how many are left. */
export function ToReadSummary({ total, unread }: { total: number; unread: number }) {
  if (total === 0)
    return (
      <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-600">
        There are no must-read posts for you.
      </p>
    );
  return (
    <p className="text-sm text-slate-600">
      {unread === 0
        ? "You have read every post you must read."
        : `${unread} post${unread === 1 ? "" : "s"} still to read and acknowledge.`}
    </p>
  );
}
