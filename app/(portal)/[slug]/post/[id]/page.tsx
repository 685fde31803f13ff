import type { Metadata } from "next";
import { cache } from "react";
import Link from "next/link";
import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { getCurrentUser, pageGuard, requireUser } from "@/lib/auth/guards";
import { roleCan } from "@/lib/auth/roles";
import { menuNotFound } from "@/app/(portal)/_lib/menu-not-found";
import { getMenuBySlug } from "@/lib/menus/queries";
import { getDiscussion, listComments } from "@/lib/content/discussion/queries";
import { tabsOf } from "@/lib/content/tabs";
import { initialsOf } from "@/components/shell/shell-utils";
import { Avatar } from "@/components/ui/avatar";
import { DateText } from "@/components/content/date-text";
import { FileList } from "@/components/content/list-items";
import { ContentRegion } from "@/components/content/content-region";
import { UserText } from "@/components/content/user-text";
import { Icon } from "@/components/ui/icon";
import { CommentForm } from "@/components/content/comment-form";
import { AcknowledgeButton } from "@/components/content/acknowledge-button";
import { AudienceMarks, MustReadMark } from "@/components/content/audience-marks";
import { getAcknowledgement, readStatus } from "@/lib/content/must-read/queries";
import { recordSeen } from "@/lib/content/must-read/mutations";
import { ReadersPanel } from "@/components/content/readers-panel";
import { PostDate } from "@/components/content/post-date";
import { listAudienceOptions } from "@/lib/content/queries";
import { isAddressedTo } from "@/lib/content/visibility";
import { logger } from "@/lib/log";
import { toId } from "@/lib/validation/id";

type Props = { params: Promise<{ slug: string; id: string }> };

/** Memoised per request with primitive keys, so generateMetadata and the page share one lookup. */
const lookup = cache(async (slug: string, id: string, roleId: number, locationId: number | null, stamp: string) => {
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId, stamp });
  if (found.status !== "ok" || !tabsOf(found.menu.pageTypes).includes("discussion") || toId(id) === null) {
    return { found, post: null };
  }
  return {
    found,
    post: await getDiscussion({ menuId: found.menu.id, id: Number(id), viewer: { roleId, locationId } }),
  };
});

async function load(params: Props["params"]) {
  const user = await pageGuard(requireUser());
  const { slug, id } = await params;
  const { found, post } = await lookup(slug, id, user.roleId, user.locationId, user.configStamp);
  if (found.status === "not_found") return menuNotFound(slug, `/post/${encodeURIComponent(id)}`);
  if (found.status === "forbidden") forbidden();
  if (!post) notFound();
  return { user, menu: found.menu, post };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const user = await getCurrentUser();
  if (!user) return {};
  const { slug, id } = await params;
  const { post } = await lookup(slug, id, user.roleId, user.locationId, user.configStamp);
  return post ? { title: post.title } : {};
}

/** CommonPostDetail: one discussion post with its files and comments (id in the URL, shareable). */
export default async function PostDetailPage({ params }: Props) {
  await connection();
  const { user, menu, post } = await load(params);
  const isAdmin = roleCan(user.roleId, "manageContent");
  // Seen: one upsert, run beside the page's own reads (a failure never breaks the page).
  const seen = recordSeen(post.id, user.id).catch((err) =>
    logger.warn({ err, postId: post.id }, "could not record a post view"),
  );
  const [comments, acknowledgedAt, names, readers] = await Promise.all([
    listComments({ postId: post.id }),
    post.mustRead ? getAcknowledgement(post.id, user) : null,
    isAdmin ? listAudienceOptions() : undefined,
    isAdmin && post.mustRead ? readStatus(post.id, user) : null,
  ]);
  await seen;
  // An administrator outside the audience (or before publishing) is not asked to acknowledge.
  const asked = post.mustRead && (!isAdmin || isAddressedTo(post, user));
  return (
    <article className="space-y-5" aria-labelledby="post-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link
          href={`/${menu.slug}`}
          className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <Icon name="back" className="h-4 w-4" /> Back
        </Link>
        {isAdmin && (
          <Link
            href={`/${menu.slug}/discussion/edit/${post.id}`}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Edit
          </Link>
        )}
      </div>
      <header className="space-y-3">
        <p className="text-sm text-slate-500">{menu.title}</p>
        <div className="flex items-start gap-2">
          <h1 id="post-title" className="text-2xl font-semibold break-words text-slate-900">
            {post.title}
          </h1>
          {post.pin && <Icon name="pin" className="mt-2 h-5 w-5 shrink-0 text-brand-600" label="Pinned" />}
        </div>
        {names ? (
          <AudienceMarks item={post} names={names} />
        ) : (
          post.mustRead && (
            <p>
              <MustReadMark dueAt={post.dueAt} />
            </p>
          )
        )}
        <div className="flex items-center gap-3">
          <Avatar initials={initialsOf(post.updatedName || "?")} className="h-9 w-9 text-xs" />
          <p className="text-sm text-slate-600">
            <span className="font-medium text-slate-900">{post.updatedName}</span>
            <br />
            <PostDate post={post} />
          </p>
        </div>
      </header>
      {post.description && (
        <div className="rounded-lg border border-slate-200 bg-white p-5 break-words whitespace-pre-line text-slate-800">
          <UserText text={post.description} />
        </div>
      )}
      {asked && (
        <section aria-label="Acknowledgement" className="rounded-lg border border-brand-100 bg-brand-50 p-4">
          {acknowledgedAt ? (
            <p className="text-sm font-medium text-slate-900">
              Acknowledged on <DateText date={acknowledgedAt} kind="long" />{" "}
              <DateText date={acknowledgedAt} kind="time" />
            </p>
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-800">This post must be read. Please confirm once you have read it.</p>
              <AcknowledgeButton postId={post.id} />
            </div>
          )}
        </section>
      )}
      {readers && <ReadersPanel status={readers} />}
      {post.documents.length > 0 && (
        <section aria-labelledby="files-title" className="space-y-2">
          <h2 id="files-title" className="text-lg font-semibold text-slate-900">
            Files
          </h2>
          <ContentRegion>
            <FileList documents={post.documents} />
          </ContentRegion>
        </section>
      )}
      {(comments.length > 0 || isAdmin) && (
        <section aria-labelledby="comments-title" className="space-y-3">
          <h2 id="comments-title" className="text-lg font-semibold text-slate-900">
            Comments
          </h2>
          {comments.length > 0 && (
            <ul className="space-y-3">
              {comments.map((c) => (
                <li key={c.id} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3">
                  <Avatar initials={initialsOf(c.authorName || "?")} className="h-8 w-8 text-xs" />
                  <div className="min-w-0">
                    <p className="text-sm">
                      <span className="font-medium text-slate-900">{c.authorName}</span>{" "}
                      <span className="text-slate-500">
                        <DateText date={c.createdAt} kind="long" /> <DateText date={c.createdAt} kind="time" />
                      </span>
                    </p>
                    <p className="mt-1 break-words whitespace-pre-line text-slate-800">
                      <UserText text={c.comment} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {isAdmin && <CommentForm postId={post.id} />}
        </section>
      )}
    </article>
  );
}
