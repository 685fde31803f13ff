import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getTimeOff } from "@/lib/forms/time-off/queries";
import { timeOffFormValues } from "@/lib/forms/time-off/columns";
import { loadEditRecord, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { TimeOffForm } from "../../_components/time-off-form";

export const metadata: Metadata = { title: "Edit Time-off Request" };

/** The time-off form in edit mode: its requester while open, administrators (loadEditRecord; else the 403 or 404 page). */
export default async function TimeOffEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, (id) => getTimeOff(id, user));
  return (
    <TimeOffForm
      initial={timeOffFormValues(row)}
      {...form}
      requester={{ name: row.employeeName, email: row.employeeEmail }}
    />
  );
}
