import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { assertPageInRange, listCallQuery, menuForCall, toApiAttachment } from "@/lib/content/api";
import { listAttachmentGroups, listAttachmentsFlat } from "@/lib/content/attachment/queries";
import { PAGE_SIZE } from "@/lib/content/constants";

/** GET /api/v1/display_sales_attachment_old?slug=&page=&filter=&sort=: every attachment, groups ignored. */
export const GET = withApi({}, { query: listCallQuery() }, async ({ user, query }) => {
  const menu = await menuForCall(query.slug, user, "attachment");
  const list = await listAttachmentsFlat({
    menuId: menu.id,
    q: query.q,
    sort: query.sort,
    page: query.page,
    perPage: PAGE_SIZE.attachment,
    viewer: user,
  });
  assertPageInRange(query.page, list.total, list.perPage);
  const groups = list.rows.some((r) => r.groupId != null)
    ? new Map((await listAttachmentGroups()).map((g) => [g.id, g.name]))
    : undefined;
  return ok({
    attachments: list.rows.map((r) => toApiAttachment(r, groups)),
    total_rows: list.total,
    per_page: list.perPage,
    page: list.page,
  });
});
