import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { submitterOf } from "@/lib/forms/submission";
import { blankTimeOff } from "@/lib/forms/time-off/schemas";
import { TimeOffForm } from "../_components/time-off-form";

export const metadata: Metadata = { title: "Time-off Request" };

/** The time-off form in add mode (every signed-in user), at the user's own location when it is one of the form's. */
export default async function TimeOffAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const locations = await listFormLocations();
  const home = locations.some((l) => l.id === user.locationId) ? user.locationId : null;
  const me = submitterOf(user);
  return (
    <TimeOffForm
      initial={blankTimeOff(home)}
      locations={locations}
      roleId={user.roleId}
      requester={{ name: me.name, email: me.email ?? "" }}
      homeLocationId={home}
    />
  );
}
