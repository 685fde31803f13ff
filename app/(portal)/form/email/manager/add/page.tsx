import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listFormLocations } from "@/lib/forms/locations";
import { mayManageFormEmails } from "@/lib/forms/email-manager/page-access";
import { blankMapping } from "@/lib/forms/email-manager/schema";
import { NoAccessPanel } from "@/components/forms/no-access-panel";
import { MappingForm } from "../_components/mapping-form";

export const metadata: Metadata = { title: "Form Email Manager" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Adds form email mappings (permission access_form_email_manager, else the no-access panel). */
export default async function MappingAddPage({ searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  if (!mayManageFormEmails(user)) return <NoAccessPanel what="the form email manager" />;
  const form = Number((await searchParams).form);
  const locations = await listFormLocations();
  return <MappingForm initial={blankMapping(form >= 1 && form <= 4 ? form : 1)} locations={locations} roleId={user.roleId} />;
}
