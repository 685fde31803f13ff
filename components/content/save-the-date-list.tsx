import { EMPTY_TEXT, MONTH_NAMES } from "@/lib/content/constants";
import type { SaveTheDateRow } from "@/lib/content/queries";
import { toFileItems } from "@/lib/content/file-items";
import { FileCarousel } from "./file-carousel";
import { ItemActions } from "./item-actions-lazy";
import { LinkifiedText } from "./linkified-text";

/** The Save-the-date tab: day and month name, title, description, files; role 1 Edit and Delete. */
export function SaveTheDateList({ rows, slug, isAdmin }: { rows: SaveTheDateRow[]; slug: string; isAdmin: boolean }) {
  if (rows.length === 0) return <p className="empty-list">{EMPTY_TEXT["save-the-date"]}</p>;
  return (
    <ul className="space-y-4" aria-label="Dates">
      {rows.map((e) => {
        const [year, month, day] = e.eventDate.split("-");
        return (
          <li key={e.id} className="card flex gap-4">
            <time dateTime={e.eventDate} className="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-600 text-white">
              <span className="text-2xl leading-none font-bold">{day}</span>
              <span className="mt-1 text-xs font-medium tracking-wide uppercase">{MONTH_NAMES[Number(month) - 1]}</span>
              <span className="text-[0.65rem] opacity-80">{year}</span>
            </time>
            <div className="min-w-0 flex-1">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold break-words text-slate-900">{e.title}</h2>
                {isAdmin && <ItemActions kind="save-the-date" id={e.id} slug={slug} title={e.title} editHref={`/${slug}/event/edit/${e.id}`} />}
              </div>
              {e.description && (
                <p className="user-text mt-1">
                  <LinkifiedText text={e.description} />
                </p>
              )}
              {e.documents.length > 0 && (
                <div className="mt-3">
                  <FileCarousel files={toFileItems(e.documents)} nameMax={12} />
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
