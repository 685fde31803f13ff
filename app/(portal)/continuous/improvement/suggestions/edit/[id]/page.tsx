import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { displayDate } from "@/lib/forms/fields";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { formRecordId } from "@/app/(portal)/_lib/record-page";
import { SuggestionForm } from "../../_components/suggestion-form";

export const metadata: Metadata = { title: "Edit Continuous Improvement Suggestion" };

type Props = { params: Promise<{ id: string }> };

/** Edit a suggestion: roles 1 and 2 any, others their own (anyone else's is a 404, as if absent). */
export default async function SuggestionEditPage({ params }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { id: raw } = await params;
  const id = formRecordId(raw);
  const row = id ? await getSuggestion(id, user) : null;
  if (!row) notFound();
  const locations = await listFormLocations();
  return (
    <SuggestionForm
      roleId={user.roleId}
      id={row.id}
      locations={locations.map((l) => ({ id: l.id, name: l.name, managerEmail: l.managerEmail }))}
      initial={{
        name: row.name,
        date: displayDate(row.date),
        locationId: String(row.locationId),
        email: row.email,
        phoneNumber: row.phoneNumber ?? "",
        describeCurrentProcessAndProblem: row.describeCurrentProcessAndProblem ?? "",
        howWillItBenefit: row.howWillItBenefit ?? "",
      }}
    />
  );
}
