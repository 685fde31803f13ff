import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requirePermission } from "@/lib/auth/guards";
import { PERMISSION } from "@/lib/auth/roles";
import { listFormLocations } from "@/lib/forms/locations";
import { blankMapping } from "@/lib/forms/email-manager/schemas";
import { listApproverCandidates } from "@/lib/forms/email-manager/queries";
import { MappingForm } from "../_components/mapping-form";

export const metadata: Metadata = { title: "Form Email Manager" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Adds form email mappings (permission access_form_email_manager, else the 403 page). */
export default async function MappingAddPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requirePermission(PERMISSION.formEmailManager));
  const form = Number((await searchParams).form);
  const [locations, approvers] = await Promise.all([listFormLocations(), listApproverCandidates()]);
  return (
    <MappingForm
      initial={blankMapping(form >= 1 && form <= 4 ? form : 1)}
      locations={locations}
      approvers={approvers}
      roleId={user.roleId}
    />
  );
}
