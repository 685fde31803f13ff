import Link from "next/link";
import { Icon } from "@/components/ui/icon";

/** The header's link to the 'To read' page with the count of unread must-reads (issue 36). */
export function ToReadLink({ count }: { count: number }) {
  const label = count === 0 ? "To read: nothing unread" : `To read: ${count} unread must-read${count === 1 ? "" : "s"}`;
  return (
    <Link href="/to-read" aria-label={label} title={label} className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
      <Icon name="book" className="h-6 w-6" />
      {count > 0 && (
        <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
