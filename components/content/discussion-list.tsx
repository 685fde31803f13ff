import Link from "next/link";
import { DESCRIPTION_PREVIEW, EMPTY_TEXT } from "@/lib/content/constants";
import type { DiscussionRow } from "@/lib/content/queries";
import { Avatar } from "./avatar";
import { DateText } from "./date-text";
import { toFileItems } from "@/lib/content/file-items";
import { FileCarousel } from "./file-carousel";
import { PinIcon } from "./icons";
import { ItemActions } from "./item-actions-lazy";
import { LinkifiedText } from "./linkified-text";

/** The Discussion tab's posts: pinned first (the query orders them), text previews, files, admin actions. */
export function DiscussionList({ rows, slug, isAdmin }: { rows: DiscussionRow[]; slug: string; isAdmin: boolean }) {
  if (rows.length === 0) return <p className="empty-list">{EMPTY_TEXT.discussion}</p>;
  return (
    <ul className="space-y-4" aria-label="Discussions">
      {rows.map((p) => (
        <li key={p.id}>
          <article className="card sm:p-5" aria-labelledby={`post-${p.id}`}>
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 items-center gap-3">
                <Avatar name={p.updatedName} />
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{p.updatedName || "Unknown"}</p>
                  <p className="text-xs text-slate-500">
                    <DateText date={p.updatedAt} kind="long" /> <DateText date={p.updatedAt} kind="time" />
                  </p>
                </div>
              </div>
              {isAdmin && <ItemActions kind="discussion" id={p.id} slug={slug} title={p.title} editHref={`/${slug}/discussion/edit/${p.id}`} pinned={p.pin} />}
            </div>
            <div className="mt-3 flex items-start gap-2">
              <h2 id={`post-${p.id}`} className="text-lg font-semibold break-words text-slate-900">
                <Link href={`/${slug}/post/${p.id}`} className="hover:text-brand-700 hover:underline">
                  {p.title}
                </Link>
              </h2>
              {p.pin && <PinIcon className="mt-1.5 h-4 w-4 shrink-0 text-brand-600" label="Pinned" />}
            </div>
            {p.description && (
              <p className="user-text mt-2">
                <LinkifiedText
                  text={p.description}
                  max={DESCRIPTION_PREVIEW}
                  more={
                    <Link href={`/${slug}/post/${p.id}`} className="font-medium text-brand-600 hover:underline">
                      Read more
                    </Link>
                  }
                />
              </p>
            )}
            {p.documents.length > 0 && (
              <div className="mt-3">
                <FileCarousel files={toFileItems(p.documents)} />
              </div>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
