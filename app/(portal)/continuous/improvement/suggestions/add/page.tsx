import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { loadAddForm } from "@/lib/forms/profile";
import { blankSuggestion } from "@/lib/forms/suggestions/schemas";
import { SuggestionForm } from "../_components/suggestion-form";

export const metadata: Metadata = { title: "Continuous Improvement Suggestion" };

/** Add a continuous improvement suggestion (every signed-in user), filled from the user's profile. */
export default async function SuggestionAddPage() {
  await connection();
  const user = await pageGuard(requireUser());
  const { locations, me } = await loadAddForm(user);
  return (
    <SuggestionForm
      roleId={user.roleId}
      initial={blankSuggestion(me)}
      me={me}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
    />
  );
}
