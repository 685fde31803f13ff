import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/components/ui/icon-names";

/**
 * A header link with a count badge: 'To read' (unread must-reads), 'My requests' (decided since the user
 * last looked) and 'Waiting for me' (requests the user may decide; docs/features/requests.md). The count is
 * part of the link's name for screen readers. `labelled`: the phone menu's version, its label written out
 * beside the icon, on the drawer's dark background.
 */
export function HeaderCountLink({
  href,
  icon,
  label,
  count,
  counted,
  labelled,
}: {
  href: string;
  icon: IconName;
  label: string;
  count: number;
  counted: (n: number) => string;
  labelled?: boolean;
}) {
  const name = count === 0 ? label : `${label}: ${counted(count)}`;
  const badge = count > 0 && (
    <span
      aria-hidden="true"
      className={`min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white ${labelled ? "" : "absolute -top-0.5 -right-0.5"}`}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
  return (
    <Link
      href={href}
      prefetch={false}
      aria-label={name}
      title={labelled ? undefined : name}
      className={
        labelled
          ? "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-brand-50 hover:bg-white/10"
          : "relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      }
    >
      <Icon name={icon} className={labelled ? "h-5 w-5" : "h-6 w-6"} />
      {labelled && <span className="flex-1">{label}</span>}
      {badge}
    </Link>
  );
}

type CountLinkProps = { count: number; labelled?: boolean };

export function ToReadLink({ count, labelled }: CountLinkProps) {
  return (
    <HeaderCountLink
      labelled={labelled}
      href="/to-read"
      icon="book"
      label="To read"
      count={count}
      counted={(n) => `${n} unread must-read${n === 1 ? "" : "s"}`}
    />
  );
}

export function MyRequestsLink({ count, labelled }: CountLinkProps) {
  return (
    <HeaderCountLink
      labelled={labelled}
      href="/my/requests"
      icon="list"
      label="My requests"
      count={count}
      counted={(n) => `${n} changed since you last looked`}
    />
  );
}

export function WaitingForMeLink({ count, labelled }: CountLinkProps) {
  return (
    <HeaderCountLink
      labelled={labelled}
      href="/approvals"
      icon="circle-check"
      label="Waiting for me"
      count={count}
      counted={(n) => `${n > 99 ? "over 99" : n} waiting for your decision`}
    />
  );
}
