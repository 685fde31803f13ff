import { PORTAL_NAME } from "./brand";

/** The footer; the copyright year is the server's system year (settings.system_year). */
export function Footer({ year }: { year: number }) {
  return (
    <footer
      data-shell-chrome=""
      className="border-t border-slate-200 bg-white px-4 py-4 text-center text-xs text-slate-500 md:px-8 md:text-left"
    >
      © {year} {PORTAL_NAME}. All rights reserved.
    </footer>
  );
}
