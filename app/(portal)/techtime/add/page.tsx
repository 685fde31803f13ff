import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadAddForm } from "@/lib/forms/profile";
import { blankTechTime } from "@/lib/forms/tech-time/schemas";
import { TechTimeForm } from "../_components/tech-time-form";

export const metadata: Metadata = { title: "Tech Time" };

/** The tech time form in add mode (every signed-in user may submit), filled from the user's profile. */
export default async function TechTimeAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const { locations, me } = await loadAddForm(user);
  return <TechTimeForm initial={blankTechTime(me)} locations={locations} roleId={user.roleId} me={me} />;
}
