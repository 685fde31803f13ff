import "server-only";
import { AppLink } from "@/components/ui/app-link";
import { DESCRIPTION_PREVIEW, EMPTY_TEXT } from "@/lib/content/constants";
import { cut } from "@/lib/content/basics";
import { MONTH_NAMES } from "@/lib/dates/civil";
import { initialsOf } from "@/components/shell/shell-utils";
import { toFileItems, type FileItem } from "@/lib/content/file-items";
import type { AttachmentGroupItem, AttachmentRow } from "@/lib/content/attachment/queries";
import type { DiscussionRow } from "@/lib/content/discussion/queries";
import { PostDate } from "./post-date";
import type { DocumentRow } from "@/lib/content/documents";
import type { SaveTheDateRow } from "@/lib/content/save-the-date/queries";
import { isWebUrl } from "@/lib/url";
import { safeColor } from "@/components/shell/shell-utils";
import { Avatar } from "@/components/ui/avatar";
import { FileTypeIcon, Icon } from "@/components/ui/icon";
import { DateText } from "./date-text";
import { AudienceMarks, MustReadMark } from "./audience-marks";
import type { AudienceOptions } from "@/lib/content/queries";
import { UserText } from "./user-text";

/**
 * The content lists (Discussion, Attachment and Save-the-date tabs), rendered on the server. Their
 * behaviour comes from the ContentRegion around them (content-region.tsx), by delegation on these
 * attributes:
 * - `data-nav` on in-app links (AppLink: prefetched on intent; the shell follows them in the app);
 * - `data-file` (stored path), `data-name`, `data-ext`, `data-src` on file buttons; a `data-files`
 *   element groups them (the gallery shows a group's images); `data-download` marks a Download button;
 * - `data-scroll` (-1 or 1) on a carousel's arrows, which scroll the list of their `data-scroller` element;
 * - `data-action` (pin, unpin, delete), `data-kind`, `data-id`, `data-slug` on admin buttons, inside
 *   a `data-actions` element.
 */

type Kind = "discussion" | "attachment" | "save-the-date";

/** Role 1's Edit, Pin/Unpin (when `pinned` is given) and Delete for one item. */
function ItemActions({
  kind,
  id,
  slug,
  title,
  editHref,
  pinned,
}: {
  kind: Kind;
  id: number;
  slug: string;
  title: string;
  editHref: string;
  pinned?: boolean;
}) {
  const data = { "data-kind": kind, "data-id": id, "data-slug": slug };
  return (
    <div className="item-actions" data-actions>
      <AppLink href={editHref} className="item-action" aria-label={`Edit ${title}`} title="Edit">
        <Icon name="edit" className="h-5 w-5" />
      </AppLink>
      {pinned !== undefined && (
        <button
          type="button"
          className={`item-action${pinned ? "text-brand-600" : ""}`}
          data-action={pinned ? "unpin" : "pin"}
          {...data}
          aria-label={`${pinned ? "Unpin" : "Pin"} ${title}`}
          title={pinned ? "Unpin" : "Pin"}
          aria-pressed={pinned}
        >
          <Icon name="pin" className="h-5 w-5" />
        </button>
      )}
      <button
        type="button"
        className="item-action hover:text-red-600"
        data-action="delete"
        {...data}
        aria-label={`Delete ${title}`}
        title="Delete"
      >
        <Icon name="trash" className="h-5 w-5" />
      </button>
    </div>
  );
}

function FileButton({ file, className, children }: { file: FileItem; className: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      data-file={file.path}
      data-name={file.name}
      data-ext={file.extension}
      data-src={file.src}
      title={file.name}
      aria-label={`Open ${file.name}`}
      className={className}
    >
      <FileTypeIcon extension={file.extension} />
      {children}
    </button>
  );
}

/** The files of a post or entry as a scrollable row of tiles, names cut at `nameMax`; images open in the gallery. */
export function FileTiles({ documents, nameMax = 5 }: { documents: DocumentRow[]; nameMax?: number }) {
  const files = toFileItems(documents);
  const arrows = files.length > 4;
  return (
    <div className="relative" data-files data-scroller={arrows || undefined}>
      <ul aria-label="Files" className="file-row">
        {files.map((f) => (
          <li key={f.path} className="shrink-0 snap-start">
            <FileButton file={f} className="file-tile">
              <span className="w-full truncate text-center text-xs text-slate-700">{cut(f.name, nameMax)}</span>
            </FileButton>
          </li>
        ))}
      </ul>
      {arrows && (
        <div className="mt-1 flex justify-end gap-1">
          <button
            type="button"
            data-scroll="-1"
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Previous files"
          >
            <Icon name="chevron-left" className="h-4 w-4" />
          </button>
          <button
            type="button"
            data-scroll="1"
            className="rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Next files"
          >
            <Icon name="chevron-right" className="h-4 w-4" />
          </button>
        </div>
      )}
    </div>
  );
}

/** The files of one post on its detail page: a wrapped list with whole names. */
export function FileList({ documents }: { documents: DocumentRow[] }) {
  return (
    <div className="relative" data-files>
      <ul aria-label="Files" className="grid gap-2 sm:grid-cols-2">
        {toFileItems(documents).map((f) => (
          <li key={f.path}>
            <FileButton
              file={f}
              className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-left text-sm hover:border-brand-500 hover:bg-brand-50"
            >
              <span className="min-w-0 flex-1 truncate text-slate-800">{f.name}</span>
            </FileButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

function EmptyList({ kind }: { kind: Kind }) {
  return <p className="empty-list">{EMPTY_TEXT[kind]}</p>;
}

/** The Discussion tab's posts: pinned first (the query orders them), text previews, files, admin actions. */
/** `names` (administrators): the audience and schedule marks are shown with the locations' and roles' names. */
export function DiscussionList({
  rows,
  slug,
  isAdmin,
  names,
}: {
  rows: DiscussionRow[];
  slug: string;
  isAdmin: boolean;
  names?: AudienceOptions;
}) {
  if (rows.length === 0) return <EmptyList kind="discussion" />;
  return (
    <ul className="space-y-4" aria-label="Discussions">
      {rows.map((p) => {
        const detail = `/${slug}/post/${p.id}`;
        return (
          <li key={p.id}>
            <article className="card sm:p-5" aria-labelledby={`post-${p.id}`}>
              <div className="item-head">
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar initials={initialsOf(p.updatedName || "?")} />
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{p.updatedName || "Unknown"}</p>
                    <p className="item-meta">
                      <PostDate post={p} />
                    </p>
                  </div>
                </div>
                {isAdmin && (
                  <ItemActions
                    kind="discussion"
                    id={p.id}
                    slug={slug}
                    title={p.title}
                    editHref={`/${slug}/discussion/edit/${p.id}`}
                    pinned={p.pin}
                  />
                )}
              </div>
              <div className="mt-3 flex items-start gap-2">
                <h2 id={`post-${p.id}`} className="item-title">
                  <AppLink href={detail} className="item-link">
                    {p.title}
                  </AppLink>
                </h2>
                {p.pin && <Icon name="pin" className="mt-1.5 h-4 w-4 shrink-0 text-brand-600" label="Pinned" />}
              </div>
              {names ? (
                <AudienceMarks item={p} names={names} />
              ) : (
                p.mustRead && (
                  <p className="mt-2">
                    <MustReadMark dueAt={p.dueAt} />
                  </p>
                )
              )}
              {p.description && (
                <p className="user-text mt-2">
                  <UserText text={p.description} max={DESCRIPTION_PREVIEW} moreHref={detail} />
                </p>
              )}
              {p.documents.length > 0 && (
                <div className="mt-3">
                  <FileTiles documents={p.documents} />
                </div>
              )}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

type AttachmentListProps = {
  rows: (AttachmentRow | AttachmentGroupItem)[];
  slug: string;
  isAdmin: boolean;
  view: "grid" | "list";
  inGroup: boolean;
  groupHref: (id: number) => string;
  names?: AudienceOptions;
};

/**
 * The Attachment tab: groups (folder icon and name, opening the child view) and single items (type
 * icon, title, Download or Visit Now, pin, updater and date). Titles and names wrap, whole, however
 * narrow the screen: a title cut at 20 characters left its end unreachable on a phone.
 */
export function AttachmentList({ rows, slug, isAdmin, view, inGroup, groupHref, names }: AttachmentListProps) {
  if (rows.length === 0) return <EmptyList kind="attachment" />;
  const grid = view === "grid";
  // Below the page's h1: items are h2 on the tab, h3 inside a group's view (whose name is the h2).
  const Title = inGroup ? "h3" : "h2";
  return (
    <ul
      aria-label="Attachments"
      className={
        grid
          ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          : "divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
      }
    >
      {rows.map((item) => {
        if (item.kind === "group") {
          return (
            <li key={`g${item.id}`} className={grid ? undefined : "p-3"}>
              <AppLink
                href={groupHref(item.id)}
                title={item.name}
                className={`flex items-center gap-3 hover:text-brand-700${grid ? "card h-full hover:border-brand-500" : ""}`}
              >
                <Icon name="folder" className="h-10 w-10 shrink-0" color={safeColor(item.colorCode, "#444444")} />
                <span className="min-w-0">
                  <span className="block font-medium wrap-anywhere text-slate-900">{item.name}</span>
                  <span className="text-xs text-slate-500">
                    {item.count} {item.count === 1 ? "item" : "items"}
                  </span>
                </span>
              </AppLink>
            </li>
          );
        }
        const doc = item.documents[0];
        const isLink = item.uploadType === "url";
        return (
          <li
            key={item.id}
            className={grid ? "card flex flex-col" : "flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"}
          >
            <div className={`flex min-w-0 items-start gap-3${grid ? "" : "flex-1"}`}>
              <FileTypeIcon extension={doc?.extension ?? ""} isLink={isLink} className="h-10 w-10 shrink-0" />
              <div className="min-w-0 flex-1">
                <div className="flex items-start gap-1">
                  <Title className="min-w-0 font-medium wrap-anywhere text-slate-900">{item.title}</Title>
                  {item.pin && <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" label="Pinned" />}
                </div>
                <p className="item-meta mt-0.5">
                  {item.updatedName} · <DateText date={item.updatedAt} kind="us" />{" "}
                  <DateText date={item.updatedAt} kind="time" />
                </p>
                {names && <AudienceMarks item={item} names={names} />}
              </div>
            </div>
            <div className={`flex items-center justify-between gap-2 ${grid ? "mt-4" : "shrink-0"}`}>
              {isLink && item.url && isWebUrl(item.url) ? (
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="item-open"
                  aria-label={`Visit Now: ${item.title}`}
                >
                  Visit Now
                </a>
              ) : doc ? (
                <button
                  type="button"
                  data-file={doc.path}
                  data-name={doc.name}
                  data-download
                  className="item-open"
                  aria-label={`Download ${doc.name}`}
                >
                  Download
                </button>
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
        );
      })}
    </ul>
  );
}

/** The Save-the-date tab: day and month name, title, description, files; role 1 Edit and Delete. */
export function SaveTheDateList({ rows, slug, isAdmin }: { rows: SaveTheDateRow[]; slug: string; isAdmin: boolean }) {
  if (rows.length === 0) return <EmptyList kind="save-the-date" />;
  return (
    <ul className="space-y-4" aria-label="Dates">
      {rows.map((e) => {
        const [year, month, day] = e.eventDate.split("-");
        return (
          <li key={e.id} className="card flex gap-4">
            <time
              dateTime={e.eventDate}
              className="flex h-20 w-20 shrink-0 flex-col items-center justify-center rounded-lg bg-brand-600 text-white"
            >
              <span className="text-2xl leading-none font-bold">{day}</span>
              <span className="mt-1 text-xs font-medium tracking-wide uppercase">{MONTH_NAMES[Number(month) - 1]}</span>
              <span className="text-[0.65rem] opacity-80">{year}</span>
            </time>
            <div className="min-w-0 flex-1">
              <div className="item-head">
                <h2 className="item-title">{e.title}</h2>
                {isAdmin && (
                  <ItemActions
                    kind="save-the-date"
                    id={e.id}
                    slug={slug}
                    title={e.title}
                    editHref={`/${slug}/event/edit/${e.id}`}
                  />
                )}
              </div>
              {e.description && (
                <p className="user-text mt-1">
                  <UserText text={e.description} />
                </p>
              )}
              {e.documents.length > 0 && (
                <div className="mt-3">
                  <FileTiles documents={e.documents} nameMax={12} />
                </div>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
