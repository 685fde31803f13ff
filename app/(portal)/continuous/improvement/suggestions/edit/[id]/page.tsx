import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { suggestionFormValues } from "@/lib/forms/suggestions/columns";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { editableLocations } from "@/app/(portal)/_lib/record-page";
import { SuggestionForm } from "../../_components/suggestion-form";
import { toId } from "@/lib/validation/id";

export const metadata: Metadata = { title: "Edit Continuous Improvement Suggestion" };

type Props = { params: Promise<{ id: string }> };

/**
 * Edit a suggestion: its requester while nobody has decided it, administrators any (the 403 page for an
 * approver); staff who open someone else's get the 404 of an unknown id.
 */
export default async function SuggestionEditPage({ params }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { id: raw } = await params;
  const id = toId(raw);
  const row = id ? await getSuggestion(id, user) : null;
  if (!row) notFound();
  const locations = editableLocations(user, row, await listFormLocations());
  return (
    <SuggestionForm
      roleId={user.roleId}
      id={row.id}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
      initial={suggestionFormValues(row)}
    />
  );
}
