import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { assertPageInRange, listCallQuery, menuForCall, toApiSaveTheDate } from "@/lib/content/api";
import { listSaveTheDates } from "@/lib/content/save-the-date/queries";
import { PAGE_SIZE } from "@/lib/content/constants";
import { DATE_SORTS } from "@/lib/content/basics";

/** GET /api/v1/display_save_date_post?slug=&page=&filter=&sort=: the Save-the-date tab (Newest/Oldest). */
export const GET = withApi({}, { query: listCallQuery(DATE_SORTS) }, async ({ user, query }) => {
  const menu = await menuForCall(query.slug, user, "save-the-date");
  const list = await listSaveTheDates(
    { menuId: menu.id, q: query.q, sort: query.sort, page: query.page, perPage: PAGE_SIZE.saveTheDate },
    user.contentStamp,
  );
  assertPageInRange(query.page, list.total, list.perPage);
  return ok({
    saveTheDateData: list.rows.map(toApiSaveTheDate),
    total_rows: list.total,
    per_page: list.perPage,
    page: list.page,
  });
});
