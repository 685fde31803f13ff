import { Icon } from "@/components/ui/icon";

export const PORTAL_NAME = "Staff Portal";

/**
 * The portal's mark and name, linking home. `tone` matches the background it sits on. A plain link
 * marked `data-nav` (APP_LINK), which the shell follows in the app (a next/link costs every page's
 * server rendering more, twice). `nameOnPhone={false}`: below 640 px the name is for screen readers only (the
 * header's icons need the room on a phone).
 */
export function Brand({ tone = "light", nameOnPhone = true }: { tone?: "light" | "dark"; nameOnPhone?: boolean }) {
  return (
    // eslint-disable-next-line @next/next/no-html-link-for-pages -- followed in the app by the shell (above)
    <a
      href="/"
      data-nav=""
      className={`flex items-center gap-2.5 rounded-md font-semibold tracking-tight ${tone === "dark" ? "text-white focus-visible:outline-white" : "text-slate-900"}`}
    >
      <span className="inline-flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-white shadow-sm">
        <Icon name="car" className="h-5 w-5" />
      </span>
      <span className={nameOnPhone ? "text-base" : "text-base max-sm:sr-only"}>{PORTAL_NAME}</span>
    </a>
  );
}
