import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import type { IconName } from "@/components/ui/icon-names";

/**
 * A header link with a count badge: 'To read' (unread must-reads) and 'My requests' (decided
 * since the user last looked; docs/features/requests.md). The count is part of the link's name for screen readers.
 */
export function HeaderCountLink({
  href,
  icon,
  label,
  count,
  counted,
}: {
  href: string;
  icon: IconName;
  label: string;
  count: number;
  counted: (n: number) => string;
}) {
  const name = count === 0 ? label : `${label}: ${counted(count)}`;
  return (
    <Link
      href={href}
      prefetch={false}
      aria-label={name}
      title={name}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
    >
      <Icon name={icon} className="h-6 w-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}

export function ToReadLink({ count }: { count: number }) {
  return (
    <HeaderCountLink
      href="/to-read"
      icon="book"
      label="To read"
      count={count}
      counted={(n) => `${n} unread must-read${n === 1 ? "" : "s"}`}
    />
  );
}

export function MyRequestsLink({ count }: { count: number }) {
  return (
    <HeaderCountLink
      href="/my/requests"
      icon="list"
      label="My requests"
      count={count}
      counted={(n) => `${n} changed since you last looked`}
    />
  );
}

export function WaitingForMeLink({ count }: { count: number }) {
  return (
    <HeaderCountLink
      href="/approvals"
      icon="circle-check"
      label="Waiting for me"
      count={count}
      counted={(n) => `${n} request${n === 1 ? "" : "s"} to decide`}
    />
  );
}
