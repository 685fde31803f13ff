import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { listPermissions } from "@/lib/menus/queries";
import { listDepartments, listLocations, listRoles, listStates } from "@/lib/users/queries";
import { EditUserForm } from "../../updateusers/[id]/_components/edit-user-form";

export const metadata: Metadata = { title: "Add user" };

/**
 * Add user (administrators; others get the 403 page): Edit User's form with the personal data typed
 * in. The new person gets a mail with a one-time link to set a password (lib/users/onboarding.ts).
 */
export default async function AddUserPage() {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const [roles, states, locations, departments, permissions] = await Promise.all([
    listRoles(),
    listStates(),
    listLocations(),
    listDepartments(),
    listPermissions(),
  ]);
  return (
    <EditUserForm
      user={null}
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
