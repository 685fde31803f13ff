import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadAddForm } from "@/lib/forms/profile";
import { blankTimeOff } from "@/lib/forms/time-off/schemas";
import { TimeOffForm } from "../_components/time-off-form";

export const metadata: Metadata = { title: "Time-off Request" };

/**
 * The time-off form in add mode (every signed-in user): the requester is the user (read-only, recorded from
 * the profile by the save), at their own location when it is one of the form's.
 */
export default async function TimeOffAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const { locations, me } = await loadAddForm(user);
  return (
    <TimeOffForm
      initial={blankTimeOff(me)}
      locations={locations}
      roleId={user.roleId}
      requester={{ name: me.name, email: me.email }}
      me={me}
    />
  );
}
