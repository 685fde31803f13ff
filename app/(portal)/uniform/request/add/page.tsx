import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { UniformForm } from "./_components/uniform-form";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const metadata: Metadata = { title: "Uniform Request" };

/** The uniform request form (every signed-in user; no edit route, the old portal's screens). */
export default async function UniformAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const locations = await listFormLocations();
  return (
    <UniformForm
      roleId={user.roleId}
      requestorName={personNameOrUsernameOf(user)}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
    />
  );
}
