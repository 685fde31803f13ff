import type { Metadata } from "next";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { listOutbox } from "@/lib/mail/queries";
import { smtpUrl } from "@/lib/mail/transport";
import Link from "next/link";
import { Pager } from "@/components/content/page-parts";
import { ColumnHeaders, type ColumnHeader } from "@/components/ui/column-headers";
import { MailStatus, Recipients, When } from "./_components/outbox-parts";

export const metadata: Metadata = { title: "Mail Outbox" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const OUTBOX_COLUMNS: ColumnHeader[] = [
  "Created",
  "Status",
  "Recipients",
  "Subject",
  { label: "Attempts", className: "text-right" },
  "Last error",
  "Sent",
];

const href = (page: number) => (page > 1 ? `/mail/outbox?page=${page}` : "/mail/outbox");

/** The mail outbox (role 1): every queued mail, newest first, with its state; 25 a page (`?page=`); a subject opens the mail. */
export default async function MailOutboxPage({ searchParams }: Props) {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const raw = (await searchParams).page;
  const page = typeof raw === "string" && /^[1-9]\d{0,6}$/.test(raw) ? Number(raw) : 1;
  if (raw !== undefined && String(page) !== raw) redirect(href(page));
  const { rows, total, perPage } = await listOutbox({ page });
  const last = Math.max(1, Math.ceil(total / perPage));
  if (page > last) redirect(href(last));
  const sending = smtpUrl() !== null;

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Mail Outbox</h1>
      <p className="text-sm text-slate-600">
        {sending
          ? "Mail is sent from here by the server, with retries while the mail server is unavailable."
          : "No mail server is configured (SMTP_URL), so mail is kept here and not sent."}
      </p>
      {rows.length === 0 ? (
        <p className="empty-list">The outbox is empty.</p>
      ) : (
        // The table scrolls sideways on a phone: the frame takes focus so the keyboard can scroll it.
        <div
          className="card overflow-x-auto p-0 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          tabIndex={0}
          role="region"
          aria-label="Mail outbox"
        >
          <table className="w-full border-collapse text-left text-sm">
            <caption className="px-4 py-3 text-left text-sm text-slate-600">
              Mail, newest first: {total} in all, page {page} of {last}
            </caption>
            <thead className="border-y border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <ColumnHeaders columns={OUTBOX_COLUMNS} cellClass="px-4 py-2" />
            </thead>
            <tbody className="divide-y divide-slate-100 align-top text-slate-800">
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="px-4 py-2">
                    <When date={row.createdAt} />
                  </td>
                  <td className="px-4 py-2">
                    <MailStatus status={row.status} />
                    {row.status === "pending" && row.attempts > 0 && (
                      <span className="mt-1 block text-xs text-slate-500">
                        next try <When date={row.nextAttemptAt} />
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <Recipients row={row} />
                  </td>
                  <td className="px-4 py-2 break-words">
                    <Link href={`/mail/outbox/${row.id}`} prefetch={false} className="text-brand-700 hover:underline">
                      {row.subject}
                    </Link>
                    {row.attachmentName && (
                      <span className="mt-1 block text-xs text-slate-500">Attachment: {row.attachmentName}</span>
                    )}
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{row.attempts}</td>
                  <td className="max-w-xs px-4 py-2 text-xs break-words text-slate-600">{row.lastError ?? ""}</td>
                  <td className="px-4 py-2">{row.sentAt ? <When date={row.sentAt} /> : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} total={total} perPage={perPage} href={href} />
    </div>
  );
}
