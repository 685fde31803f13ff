import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { SuggestionForm } from "../_components/suggestion-form";

export const metadata: Metadata = { title: "Continuous Improvement Suggestion" };

/** Add a continuous improvement suggestion (every signed-in user). */
export default async function SuggestionAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const locations = await listFormLocations();
  return (
    <SuggestionForm
      roleId={user.roleId}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
    />
  );
}
