import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound, redirect } from "next/navigation";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { listPermissions } from "@/lib/menus/queries";
import {
  getAccountState,
  getUserDetail,
  listDepartments,
  listLocations,
  listRoles,
  listStates,
  personalFieldsOf,
} from "@/lib/users/queries";
import { EditUserForm } from "./_components/edit-user-form";
import { toId } from "@/lib/validation/id";
import { AccountActions } from "./_components/account-actions";

export const metadata: Metadata = { title: "Edit User" };

type Props = { params: Promise<{ id: string }> };

/**
 * Edit User (administrators; others get the 403 page): role, state, location, department, phone and
 * permissions of another user. One's own id goes to the profile; an unknown or deleted id is the 404.
 */
export default async function EditUserPage({ params }: Props) {
  await connection();
  const me = await pageGuard(requireCapability("manageBackOffice"));
  const { id: raw } = await params;
  const id = toId(raw) ?? notFound();
  if (id === me.id) redirect("/changeprofile");
  const user = await getUserDetail({ id });
  if (!user) notFound();
  const [roles, states, locations, departments, permissions, account] = await Promise.all([
    listRoles(),
    listStates(),
    listLocations(),
    listDepartments(),
    listPermissions(),
    getAccountState(id),
  ]);
  return (
    <EditUserForm
      account={
        account && (
          <AccountActions
            id={user.id}
            name={`${user.firstName} ${user.lastName}`.trim() || user.username}
            active={account.active}
            ssoOnly={account.ssoOnly}
          />
        )
      }
      user={{
        id: user.id,
        ...personalFieldsOf(user),
        roleId: user.roleId,
        stateId: user.stateId,
        departmentId: user.departmentId,
        permissionIds: user.permissions.map((p) => p.id),
      }}
      options={{
        roles,
        states,
        locations,
        departments,
        permissions: permissions.map((p) => ({ value: p.id, text: p.label })),
      }}
    />
  );
}
