import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { AppError } from "@/lib/errors";
import { assertPageInRange, listCallQuery, menuForCall, toApiAttachment, toApiGroupItem } from "@/lib/content/api";
import { listAttachmentItems } from "@/lib/content/attachment/queries";
import { PAGE_SIZE } from "@/lib/content/constants";
import { DATE_SORTS, SORTS } from "@/lib/content/basics";
import { toId } from "@/lib/validation/id";

const topLevelQuery = listCallQuery(SORTS);
const groupQuery = listCallQuery(DATE_SORTS);

/**
 * GET /api/v1/display_sales_attachment/{group_id}?slug=&page=&filter=&sort=: the Attachment tab.
 * group_id 0 is the top level (groups as folders, then single attachments); another id is that
 * group's child view (Newest/Oldest only).
 */
export const GET = withApi({}, {}, async ({ user, query: raw, params }) => {
  const groupId = params.group_id === "0" ? 0 : toId(params.group_id);
  if (groupId === null)
    throw new AppError(422, "The group id is not valid.", { group_id: ["The group id is not valid."] });
  const parsed = (groupId ? groupQuery : topLevelQuery).safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError(422, first?.message ?? "The request is not valid.", {
      [String(first?.path[0] ?? "_")]: [first?.message ?? "The request is not valid."],
    });
  }
  const query = parsed.data;
  const menu = await menuForCall(query.slug, user, "attachment");
  const list = await listAttachmentItems(
    {
      menuId: menu.id,
      groupId: groupId || null,
      q: query.q,
      sort: query.sort,
      page: query.page,
      perPage: PAGE_SIZE.attachment,
      viewer: user,
    },
    user.contentStamp,
  );
  if (!list) throw new AppError(404, "Attachment group not found.");
  assertPageInRange(query.page, list.total, list.perPage);
  const groupNames = new Map(list.group ? [[list.group.id, list.group.name]] : []);
  const data = list.rows.map((r) => (r.kind === "group" ? toApiGroupItem(r) : toApiAttachment(r, groupNames)));
  return ok({
    is_group: list.group != null,
    group_id: list.group?.id ?? 0,
    group_name: list.group?.name ?? null,
    data,
    total_rows: list.total,
    per_page: list.perPage,
    page: list.page,
    ...(list.group ? { groupAttachmentsResult: { data, total_rows: list.total, per_page: list.perPage } } : {}),
  });
});
