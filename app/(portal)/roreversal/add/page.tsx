import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { blankRoReversal } from "@/lib/forms/ro-reversal/schemas";
import { RoReversalForm } from "../_components/ro-reversal-form";

export const metadata: Metadata = { title: "RO Reversal Request" };

/** The RO reversal form in add mode (every signed-in user may submit). */
export default async function RoReversalAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const locations = await listFormLocations();
  return <RoReversalForm initial={blankRoReversal()} locations={locations} roleId={user.roleId} />;
}
