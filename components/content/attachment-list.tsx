import Link from "next/link";
import { cut, EMPTY_TEXT } from "@/lib/content/constants";
import type { AttachmentGroupItem, AttachmentRow } from "@/lib/content/queries";
import { DateText } from "./date-text";
import { DownloadButton } from "./file-carousel";
import { FileTypeIcon, FolderIcon, PinIcon } from "./icons";
import { ItemActions } from "./item-actions-lazy";

type Props = {
  rows: (AttachmentRow | AttachmentGroupItem)[];
  slug: string;
  isAdmin: boolean;
  view: "grid" | "list";
  inGroup: boolean;
  groupHref: (id: number) => string;
};

const linkBtn = "inline-flex items-center gap-1 rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50";

/**
 * The Attachment tab: groups (folder icon and name, opening the child view) and single items (type
 * icon, title cut at 20 in the grid / 60 in the list, Download or Visit Now, pin, updater and date).
 */
export function AttachmentList({ rows, slug, isAdmin, view, inGroup, groupHref }: Props) {
  if (rows.length === 0) return <p className="empty-list">{EMPTY_TEXT.attachment}</p>;
  const grid = view === "grid";
  const max = grid ? 20 : 60;
  return (
    <ul aria-label="Attachments" className={grid ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"}>
      {rows.map((item) =>
        item.kind === "group" ? (
          <li key={`g${item.id}`} className={grid ? "" : "p-3"}>
            <Link
              href={groupHref(item.id)}
              title={item.name}
              className={`flex items-center gap-3 hover:text-brand-700 ${grid ? "card h-full hover:border-brand-500" : ""}`}
            >
              <FolderIcon className="h-10 w-10 shrink-0" style={{ color: item.colorCode }} />
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900">{cut(item.name, max)}</span>
                <span className="text-xs text-slate-500">
                  {item.count} {item.count === 1 ? "item" : "items"}
                </span>
              </span>
            </Link>
          </li>
        ) : (
          <li key={item.id} className={grid ? "card flex flex-col" : "flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"}>
            <div className={`flex min-w-0 items-start gap-3 ${grid ? "" : "flex-1"}`}>
              <FileTypeIcon extension={item.documents[0]?.extension ?? ""} isLink={item.uploadType === "url"} className="h-10 w-10 shrink-0" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start gap-1">
                  <h3 className="font-medium break-words text-slate-900" title={item.title}>
                    {cut(item.title, max)}
                  </h3>
                  {item.pin && <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" label="Pinned" />}
                </div>
                <p className="mt-0.5 text-xs text-slate-500">
                  {item.updatedName} · <DateText date={item.updatedAt} kind="us" /> <DateText date={item.updatedAt} kind="time" />
                </p>
              </div>
            </div>
            <div className={`flex items-center justify-between gap-2 ${grid ? "mt-4" : "shrink-0"}`}>
              {item.uploadType === "url" && item.url ? (
                <a href={item.url} target="_blank" rel="noopener noreferrer nofollow" className={linkBtn} aria-label={`Visit Now: ${item.title}`}>
                  Visit Now
                </a>
              ) : item.documents[0] ? (
                <DownloadButton path={item.documents[0].path} name={item.documents[0].name} className={linkBtn} />
              ) : (
                <span className="text-sm text-slate-400">No file</span>
              )}
              {isAdmin && (
                <ItemActions
                  kind="attachment"
                  id={item.id}
                  slug={slug}
                  title={item.title}
                  editHref={`/${slug}/attachment/edit/${item.id}`}
                  pinned={inGroup || item.groupId != null ? undefined : item.pin}
                />
              )}
            </div>
          </li>
        ),
      )}
    </ul>
  );
}
