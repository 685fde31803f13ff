import type { Metadata } from "next";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { lastPage, parseTableState, tableHref } from "@/lib/data-table/state";
import { listDepartments, listLocations, listRoles, listStates, userList } from "@/lib/users/queries";
import { UserTable } from "./_components/user-table";

export const metadata: Metadata = { title: "Users" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The user list (administrators; others get the 403 page). Page, size, sort and filters live in the
 * URL: an invalid value redirects to the canonical URL, a page past the end to the last page.
 */
export default async function UserListPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireCapability("manageBackOffice"));
  const { state, changed } = parseTableState(await searchParams, userList.TABLE);
  if (changed) redirect(tableHref("/user/list", state, userList.TABLE));
  const [list, roles, locations, departments, states] = await Promise.all([
    userList.list(state, user),
    listRoles(),
    listLocations(),
    listDepartments(),
    listStates(),
  ]);
  const last = lastPage(list.total, state.size);
  if (state.page > last) redirect(tableHref("/user/list", state, userList.TABLE, { page: last }));

  return (
    <div className="space-y-4 rounded-lg bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Users</h1>
      <UserTable
        state={state}
        rows={list.rows}
        total={list.total}
        currentUserId={user.id}
        options={{ role: roles, location: locations, department: departments, state: states }}
      />
    </div>
  );
}
