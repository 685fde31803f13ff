import type { OutboxRow } from "@/lib/mail/queries";
import { DateText } from "@/components/content/date-text";

const STATUS_LABEL: Record<OutboxRow["status"], string> = {
  pending: "Pending",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
};
const STATUS_CLASS: Record<OutboxRow["status"], string> = {
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  sending: "bg-brand-50 text-brand-700 ring-brand-200",
  sent: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

/** A mail's state as a badge (the outbox list and a mail's detail). */
export function MailStatus({ status }: { status: OutboxRow["status"] }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_CLASS[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** A date and time in the old portal's US format. */
export function When({ date }: { date: Date }) {
  return (
    <span className="whitespace-nowrap">
      <DateText date={date} kind="us" /> <DateText date={date} kind="time" />
    </span>
  );
}

/** To, then cc and bcc, one address a line. */
export function Recipients({ row }: { row: Pick<OutboxRow, "to" | "cc" | "bcc"> }) {
  const lines = [...row.to, ...row.cc.map((a) => `cc ${a}`), ...row.bcc.map((a) => `bcc ${a}`)];
  return (
    <ul className="space-y-0.5">
      {lines.map((line) => (
        <li key={line} className="break-all">
          {line}
        </li>
      ))}
    </ul>
  );
}
