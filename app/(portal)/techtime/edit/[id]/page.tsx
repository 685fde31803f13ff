import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { techTimeFormRows, type TechTimeInput } from "@/lib/forms/tech-time/schemas";
import { getTechTime, type TechTimeRecord } from "@/lib/forms/tech-time/queries";
import { loadEditRecord, recordFormKeys, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { TechTimeForm } from "../../_components/tech-time-form";

export const metadata: Metadata = { title: "Edit Tech Time" };

/** The form's values from the saved form, its rows padded to the form's rows. */
function formValues(row: TechTimeRecord): TechTimeInput {
  return {
    ...recordFormKeys(row),
    employeeNumber: row.employeeNumber,
    employeeName: row.employeeName,
    date: row.date,
    employeeEmail: row.employeeEmail,
    ...techTimeFormRows(row.attendance, row.shop),
  };
}

/** UpdateTechTime: the tech time form in edit mode (reachable, unlike the old portal; staff: their own). */
export default async function TechTimeEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, (id) => getTechTime(id, user));
  return <TechTimeForm initial={formValues(row)} {...form} />;
}
