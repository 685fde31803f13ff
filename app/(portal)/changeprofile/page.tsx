import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getUserDetail, personalFieldsOf, profileValuesOf } from "@/lib/users/queries";
import { initialsOf, safeColor } from "@/components/shell/shell-utils";
import { ProfileForm } from "./_components/profile-form";

export const metadata: Metadata = { title: "Edit Profile" };

/**
 * Edit Profile (every signed-in user): personal data, location, department and role read-only (an
 * administrator keeps them), the profile's own items, the photo and Change Password.
 */
export default async function ChangeProfilePage() {
  await connection();
  const me = await pageGuard(requireUser());
  const user = await getUserDetail({ id: me.id });
  if (!user) return null; // deleted between the session check and now: the next request signs them out
  return (
    <ProfileForm
      user={{
        ...personalFieldsOf(user),
        stateName: user.stateName,
        locationName: user.locationName,
        departmentName: user.departmentName,
        roleName: user.roleName,
        photoUrl: user.profileImageUrl,
        initials: initialsOf(user),
        color: safeColor(user.profileColor),
        hasPassword: user.hasPassword,
      }}
      values={profileValuesOf(user)}
    />
  );
}
