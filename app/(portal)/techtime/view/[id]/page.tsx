import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { displayDate } from "@/lib/forms/fields";
import { findTechTime, type TechTimeRecord } from "@/lib/forms/tech-time/queries";
import { RequestRecordDetail } from "@/components/forms/request-record-detail";
import type { RecordDetailProps } from "@/components/forms/record-detail";
import { loadRequestRecord, requestRecordMetadata, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { techTimeFields } from "@/lib/forms/tech-time/columns";

export const generateMetadata = requestRecordMetadata("tech_time");

/** What the page shows of a tech time form: its fields and its rows. */
function details(row: TechTimeRecord): Pick<RecordDetailProps, "fields" | "repeated"> {
  return {
    fields: techTimeFields(row, row.locationName),
    repeated: [
      {
        title: "Attendance Clock Time Corrections",
        rowTitle: (i) => `Attendance row ${i + 1}`,
        emptyText: "No attendance rows were filled in.",
        rows: row.attendance.map((a) => [
          { label: "Date", value: displayDate(a.date) },
          { label: "Reason For Edit", value: a.reason },
          { label: "Time In", value: a.timeIn },
          { label: "Time Out", value: a.timeOut },
        ]),
      },
      {
        title: "Shop Time Corrections",
        rowTitle: (i) => `Shop time row ${i + 1}`,
        emptyText: "No shop time rows were filled in.",
        rows: row.shop.map((s) => [
          { label: "Date", value: displayDate(s.date) },
          { label: "Customer Name", value: s.customerName },
          { label: "RO Number", value: s.roNumber },
          { label: "Reason", value: s.reason },
          { label: "Job", value: s.job },
          { label: "Time In", value: s.timeIn },
          { label: "Time Out", value: s.timeOut },
        ]),
      },
    ],
  };
}

/**
 * A tech time form, read-only and in full, with its attendance and shop rows. Staff see their own
 * forms, roles 1 and 2 everyone's; someone else's form is the same 404 as an unknown id.
 */
export default async function TechTimeViewPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, record } = await loadRequestRecord("tech_time", params, user, (id) => findTechTime(id, user));
  return <RequestRecordDetail record={record} {...details(row)} />;
}
