import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import type { DiscussionFormValues } from "../schemas";
import {
  countVisible,
  discussionListQuery,
  discussionMenuFilter,
  discussionRows,
  editorName,
  postVisibleTo,
  type ListParams,
} from "../sql";
import type { AudienceFields, MenuItemQuery } from "../visibility";
import { documentRefsOf, oneWithDocuments, withDocuments, type DocumentRow } from "../documents";
import { cachedListUntil, paged, type Paged } from "../lists";

/** The reads of discussion posts: the Discussion tab, one post, its comments, its edit form's values. */

const { posts, comments, users } = schema;

export type DiscussionRow = {
  id: number;
  menuId: number;
  title: string;
  description: string;
  pin: boolean;
  mustRead: boolean;
  dueAt: Date | null;
  ackRound: number;
  createdAt: Date;
  updatedAt: Date;
  /** When it became visible: its date and its place in Newest/Oldest. */
  publishedAt: Date;
  /** The last edit (null: never edited); shown as 'Edited' when after publishedAt. */
  editedAt: Date | null;
  updatedName: string;
  documents: DocumentRow[];
} & AudienceFields;

/** The Discussion tab: pinned first, then the chosen sort; search on title and description. */
async function readDiscussions(params: ListParams): Promise<Paged<DiscussionRow>> {
  const db = await getDb();
  const { rows, total } = await paged(discussionListQuery(db, params), () =>
    countVisible(db, posts, discussionMenuFilter(params.menuId, params.q), params.viewer),
  );
  return {
    rows: await withDocuments("postId", rows),
    total,
    page: params.page,
    perPage: params.perPage,
  };
}

/** One discussion post of a menu that the viewer may see (null when it does not exist, belongs to another menu, or is not for them). */
export async function getDiscussion({ menuId, id, viewer }: MenuItemQuery): Promise<DiscussionRow | null> {
  const db = await getDb();
  const [row] = await discussionRows(db)
    .where(and(eq(posts.menuId, menuId), eq(posts.id, id), postVisibleTo(viewer)))
    .limit(1);
  return oneWithDocuments("postId", row);
}

export type CommentRow = { id: number; comment: string; createdAt: Date; authorName: string };

export async function listComments({ postId }: { postId: number }): Promise<CommentRow[]> {
  const db = await getDb();
  return db
    .select({
      id: comments.id,
      comment: comments.comment,
      createdAt: comments.createdAt,
      authorName: editorName,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.createdBy))
    .where(eq(comments.postId, postId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(500);
}

/** readDiscussions, kept while the content is unchanged and until the menu's next publish or expiry moment. */
export function listDiscussions(params: ListParams, stamp?: string): Promise<Paged<DiscussionRow>> {
  return cachedListUntil("discussions", posts, params, stamp, readDiscussions);
}

/** A post as its edit form holds it (the edit page's values, and what a field left out of an update keeps). */
export function discussionValuesOf(slug: string, p: DiscussionRow): DiscussionFormValues {
  return {
    slug,
    id: p.id,
    title: p.title,
    description: p.description,
    documents: documentRefsOf(p.documents),
    audience: { locations: p.audienceLocationIds, roles: p.audienceRoleIds },
    publishAt: p.publishAt?.toISOString() ?? null,
    expiresAt: p.expiresAt?.toISOString() ?? null,
    mustRead: p.mustRead,
    dueAt: p.dueAt?.toISOString() ?? null,
    reacknowledge: false,
  };
}
