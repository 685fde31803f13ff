import type { Metadata } from "next";
import { connection } from "next/server";
import { notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { formRecordId, pageRecord } from "@/lib/forms/page-id";
import { techTimeFormRows } from "@/lib/forms/tech-time/schemas";
import { getTechTime } from "@/lib/forms/tech-time/queries";
import { TechTimeForm } from "../../_components/tech-time-form";

export const metadata: Metadata = { title: "Edit Tech Time" };

/** UpdateTechTime: the tech time form in edit mode (reachable, unlike the old portal; staff: their own). */
export default async function TechTimeEditPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireUser());
  const id = formRecordId((await params).id);
  if (!id) notFound();
  const [row, locations] = await Promise.all([pageRecord(getTechTime(id, user)), listFormLocations()]);
  return (
    <TechTimeForm
      initial={{
        id: String(row.id),
        employeeNumber: row.employeeNumber,
        employeeName: row.employeeName,
        date: row.date,
        locationId: row.locationId == null ? "" : String(row.locationId),
        employeeEmail: row.employeeEmail,
        ...techTimeFormRows(row.attendance, row.shop),
      }}
      locations={locations}
      roleId={user.roleId}
    />
  );
}
