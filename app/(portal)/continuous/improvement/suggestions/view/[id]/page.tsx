import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getSuggestion } from "@/lib/forms/suggestions/queries";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import type { RecordDetailProps } from "@/components/forms/record-detail";
import { loadRequestRecord, requestRecordMetadata, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { suggestionFields } from "@/lib/forms/suggestions/columns";

export const generateMetadata = requestRecordMetadata("improvement_suggestion");

/** What the page shows of a suggestion: its fields. */
function details(
  row: NonNullable<Awaited<ReturnType<typeof getSuggestion>>>,
): Pick<RecordDetailProps, "fields" | "repeated"> {
  return {
    fields: suggestionFields(row, row.locationName),
  };
}

/**
 * A continuous improvement suggestion, read-only and in full. Staff see their own suggestions, roles 1
 * and 2 everyone's (as the get call); someone else's is the same 404 as an unknown id.
 */
export default async function SuggestionViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("improvement_suggestion", params, user, (id) =>
    getSuggestion(id, user),
  );
  return <RequestRecordDetail record={record} {...details(row)} />;
}
