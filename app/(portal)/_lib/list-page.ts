import { redirect } from "next/navigation";
import { readListPage } from "@/lib/data-table/list-definition";

/**
 * A list page's data: the URL's table state (an invalid one redirects to the canonical URL, a page
 * past the end to the last page) and that page of rows for the user.
 */
export async function loadListPage<Row extends { id: number }>(...args: Parameters<typeof readListPage<Row>>) {
  const res = await readListPage<Row>(...args);
  if ("redirectTo" in res) redirect(res.redirectTo);
  return res;
}
