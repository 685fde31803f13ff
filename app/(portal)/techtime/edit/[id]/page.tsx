import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getTechTime, techTimeFormValues } from "@/lib/forms/tech-time/queries";
import { loadEditRecord, type RecordPageProps } from "@/app/(portal)/_lib/record-page";
import { TechTimeForm } from "../../_components/tech-time-form";

export const metadata: Metadata = { title: "Edit Tech Time" };

/** UpdateTechTime: the tech time form in edit mode (reachable, unlike the old portal): its requester while open, administrators. */
export default async function TechTimeEditPage({ params }: RecordPageProps) {
  await connection();
  const user = await pageGuard(requireUser());
  const { row, form } = await loadEditRecord(params, user, (id) => getTechTime(id, user));
  return <TechTimeForm initial={techTimeFormValues(row)} {...form} />;
}
