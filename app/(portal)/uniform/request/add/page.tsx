import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadAddForm } from "@/lib/forms/profile";
import { UniformForm } from "./_components/uniform-form";

export const metadata: Metadata = { title: "Uniform Request" };

/**
 * The uniform request form (every signed-in user; no edit route, the old portal's screens), filled from the
 * user's profile: the requestor (read-only), the employee's names and the location (editable).
 */
export default async function UniformAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const { locations, me } = await loadAddForm(user);
  return (
    <UniformForm
      roleId={user.roleId}
      me={me}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
    />
  );
}
