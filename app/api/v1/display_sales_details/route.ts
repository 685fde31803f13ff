import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { menuForCall, toApiPost } from "@/lib/content/api";
import { getDiscussion, listComments } from "@/lib/content/discussion/queries";
import { idSchema, slugSchema } from "@/lib/content/schemas";

const query = z.object({ slug: slugSchema, id: z.coerce.number().pipe(idSchema) });

/** GET /api/v1/display_sales_details?slug=&id=: one discussion post (post detail) with its comments. */
export const GET = withApi({}, { query }, async ({ user, query }) => {
  const menu = await menuForCall(query.slug, user, "discussion");
  const post = await getDiscussion({ menuId: menu.id, id: query.id, viewer: user });
  if (!post) throw new AppError(404, "Post not found.");
  const comments = await listComments({ postId: post.id });
  return ok({
    ...toApiPost(post),
    comments: comments.map((c) => ({
      id: c.id,
      comment: c.comment,
      created_name: c.authorName,
      created_at: c.createdAt.toISOString(),
    })),
  });
});
