import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { findRoReversal } from "@/lib/forms/ro-reversal/queries";
import type { RoReversalRow } from "@/lib/forms/ro-reversal/columns";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import type { RecordDetailProps } from "@/components/forms/record-detail";
import { loadRequestRecord, requestRecordMetadata, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { roReversalFields } from "@/lib/forms/ro-reversal/columns";

export const generateMetadata = requestRecordMetadata("ro_reversal");

/** What the page shows of a request: its fields (the warranty answers for a warranty). */
function details(row: RoReversalRow): Pick<RecordDetailProps, "fields" | "repeated"> {
  return {
    fields: roReversalFields(row, row.locationName),
  };
}

/**
 * An RO reversal request, read-only and in full. Staff see their own requests, roles 1 and 2 everyone's
 * (as the get call); someone else's request is the same 404 as an unknown id.
 */
export default async function RoReversalViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("ro_reversal", params, user, (id) => findRoReversal(id, user));
  return <RequestRecordDetail record={record} {...details(row)} />;
}
