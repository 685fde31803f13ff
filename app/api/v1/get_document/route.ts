import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { toApiImageUrls, toApiSchedule } from "@/lib/content/api";
import { findContentItem } from "@/lib/content/queries";
import { getAttachment, listAttachmentGroups } from "@/lib/content/attachment/queries";
import { getDiscussion } from "@/lib/content/discussion/queries";
import { requireContentMenu } from "@/lib/auth/guards";
import { idSchema, slugSchema } from "@/lib/content/schemas";

const query = z.object({ slug: slugSchema, id: z.coerce.number().pipe(idSchema) });

/**
 * GET /api/v1/get_document?slug=&id=: a discussion or attachment of that menu for its edit form
 * (title, description, imageURL, upload_type, url, selectedGroup, audience, publish_at, expires_at, and
 * for a post must_read and due_at). Role 1.
 */
export const GET = withApi({ capability: "manageContent" }, { query }, async ({ user, query }) => {
  const menu = await requireContentMenu(query.slug, user);
  const found = await findContentItem(query.id);
  if (!found || found.menuId !== menu.id) throw new AppError(404, "Post not found.");
  if (found.kind === "discussion") {
    const post = await getDiscussion({ menuId: menu.id, id: query.id, viewer: user });
    if (!post) throw new AppError(404, "Post not found.");
    return ok({
      ...toApiSchedule(post),
      must_read: post.mustRead,
      due_at: post.dueAt?.toISOString() ?? null,
      id: post.id,
      salest_type: "discussion",
      title: post.title,
      description: post.description,
      imageURL: toApiImageUrls(post.documents),
      upload_type: "file",
      url: null,
      selectedGroup: null,
    });
  }
  const item = await getAttachment({ menuId: menu.id, id: query.id, viewer: user });
  if (!item) throw new AppError(404, "Attachment not found.");
  const group = item.groupId != null ? (await listAttachmentGroups({ id: item.groupId }))[0] : undefined;
  return ok({
    ...toApiSchedule(item),
    id: item.id,
    salest_type: "attachment",
    title: item.title,
    description: "",
    imageURL: toApiImageUrls(item.documents),
    upload_type: item.uploadType,
    url: item.url,
    selectedGroup: group ? { value: group.id, text: group.name } : null,
  });
});
