import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { findTimeOff } from "@/lib/forms/time-off/queries";
import { timeOffFields } from "@/lib/forms/time-off/columns";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import { loadRequestRecord, requestRecordMetadata, type RecordPageProps } from "@/app/(portal)/_lib/record-page";

export const generateMetadata = requestRecordMetadata("time_off_request");

/**
 * A time-off request, read-only and in full, with its decisions (RequestRecordDetail). Staff see their
 * own requests, roles 1 and 2 everyone's (as the get call); someone else's is the same 404 as an unknown id.
 */
export default async function TimeOffViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("time_off_request", params, user, (id) => findTimeOff(id, user));
  return <RequestRecordDetail record={record} fields={timeOffFields(row, row.locationName)} />;
}
