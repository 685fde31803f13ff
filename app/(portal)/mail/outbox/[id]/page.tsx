import type { Metadata } from "next";
import type { ReactNode } from "react";
import Link from "next/link";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { getOutboxMail } from "@/lib/mail/queries";
import { toId } from "@/lib/validation/id";
import { UserText } from "@/components/content/user-text";
import { MailStatus, Recipients, When } from "../_components/outbox-parts";

export const metadata: Metadata = { title: "Mail" };

type Props = { params: Promise<{ id: string }> };

/**
 * One mail of the outbox (role 1; others get the 403 page): its recipients, state and plain-text body,
 * rendered as text (addresses linked); a one-time password link's secret is hidden. Unknown id: the 404.
 */
export default async function OutboxMailPage({ params }: Props) {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const id = toId((await params).id) ?? notFound();
  const mail = await getOutboxMail({ id });
  if (!mail) notFound();
  const facts: [string, ReactNode][] = [
    ["Status", <MailStatus key="s" status={mail.status} />],
    ["Recipients", <Recipients key="r" row={mail} />],
    ["Created", <When key="c" date={mail.createdAt} />],
    ["Sent", mail.sentAt ? <When key="t" date={mail.sentAt} /> : "Not yet"],
    ["Attempts", mail.attempts],
    ...(mail.lastError ? ([["Last error", mail.lastError]] as [string, ReactNode][]) : []),
    ...(mail.attachmentName ? ([["Attachment", mail.attachmentName]] as [string, ReactNode][]) : []),
  ];
  return (
    <div className="space-y-4">
      <Link href="/mail/outbox" className="text-sm font-medium text-brand-700 hover:underline">
        Back to the outbox
      </Link>
      <article className="card space-y-4 sm:p-6">
        <h1 className="text-xl font-semibold break-words text-slate-900">{mail.subject}</h1>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <section aria-label="Message" className="border-t border-slate-200 pt-4">
          <p className="text-sm break-words whitespace-pre-wrap text-slate-900">
            <UserText text={mail.body} />
          </p>
        </section>
      </article>
    </div>
  );
}
