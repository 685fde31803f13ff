import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadAddForm } from "@/lib/forms/profile";
import { blankRoReversal } from "@/lib/forms/ro-reversal/schemas";
import { RoReversalForm } from "../_components/ro-reversal-form";

export const metadata: Metadata = { title: "RO Reversal Request" };

/** The RO reversal form in add mode (every signed-in user may submit), filled from the user's profile. */
export default async function RoReversalAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const { locations, me } = await loadAddForm(user);
  return <RoReversalForm initial={blankRoReversal(me)} locations={locations} roleId={user.roleId} me={me} />;
}
