import { redirect } from "next/navigation";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import type { FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { managesForms } from "@/lib/forms/submission";
import type { RequestStatus } from "@/lib/forms/request-statuses";
import { withEditRights } from "@/lib/requests/edit-rules";
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

/** A list page's `searchParams`. */
export type ListPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * A staff form's list page's data for the signed-in user (else the sign-in page): its page of rows, each
 * with whether the user may edit it, and whether the user manages the forms (decides and deletes in bulk).
 */
export async function loadStaffListPage<Row extends { id: number; createdBy: number | null; status: RequestStatus }>(
  list: Parameters<typeof readListPage<Row>>[0],
  form: FormKey,
  { searchParams }: ListPageProps,
) {
  await connection();
  const user = await pageGuard(requireUser());
  const { state, rows, total } = await loadListPage(list, staffFormHref(form, "list"), await searchParams, user);
  return { state, rows: withEditRights(rows, user), total, manages: managesForms(user) };
}
