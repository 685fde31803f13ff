import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { assertPageInRange, listCallQuery, menuForCall, toApiPost } from "@/lib/content/api";
import { listDiscussions } from "@/lib/content/discussion/queries";
import { PAGE_SIZE } from "@/lib/content/constants";

/** GET /api/v1/display_sales_post?slug=&page=&filter=&sort=: the Discussion tab of a menu, paged. */
export const GET = withApi({}, { query: listCallQuery() }, async ({ user, query }) => {
  const menu = await menuForCall(query.slug, user, "discussion");
  const list = await listDiscussions(
    { menuId: menu.id, q: query.q, sort: query.sort, page: query.page, perPage: PAGE_SIZE.discussion, viewer: user },
    user.contentStamp,
  );
  assertPageInRange(query.page, list.total, list.perPage);
  return ok({ discussions: list.rows.map(toApiPost), total_rows: list.total, per_page: list.perPage, page: list.page });
});
