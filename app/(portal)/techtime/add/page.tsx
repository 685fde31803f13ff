import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { blankTechTime } from "@/lib/forms/tech-time/schemas";
import { TechTimeForm } from "../_components/tech-time-form";

export const metadata: Metadata = { title: "Tech Time" };

/** The tech time form in add mode (every signed-in user may submit). */
export default async function TechTimeAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const locations = await listFormLocations();
  return <TechTimeForm initial={blankTechTime()} locations={locations} roleId={user.roleId} />;
}
