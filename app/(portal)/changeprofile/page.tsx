import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getUserDetail, listLocations, personalFieldsOf } from "@/lib/users/queries";
import { initialsOf, safeColor } from "@/components/shell/shell-utils";
import { ProfileForm } from "./_components/profile-form";

export const metadata: Metadata = { title: "Edit Profile" };

/** Edit Profile (every signed-in user): personal data read-only, the profile's own items, the photo and Change Password. */
export default async function ChangeProfilePage() {
  await connection();
  const me = await pageGuard(requireUser());
  const [user, locations] = await Promise.all([getUserDetail({ id: me.id }), listLocations()]);
  if (!user) return null; // deleted between the session check and now: the next request signs them out
  return (
    <ProfileForm
      user={{
        ...personalFieldsOf(user),
        stateName: user.stateName,
        post: user.post ?? "",
        teamDesignation: user.teamDesignation ?? "",
        description: user.description ?? "",
        bio: user.bio ?? "",
        quote: user.quote ?? "",
        quoteName: user.quoteName ?? "",
        photoUrl: user.profileImageUrl,
        initials: initialsOf(user),
        color: safeColor(user.profileColor),
        hasPassword: user.hasPassword,
      }}
      locations={locations}
    />
  );
}
