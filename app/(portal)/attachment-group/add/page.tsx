import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { ColorOptionForm } from "@/components/backoffice/color-option-form";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const metadata: Metadata = { title: "Add Attachment Group" };

/** Administrators; others get the 403 page. */
export default async function Page() {
  await connection();
  const user = await pageGuard(requireCapability("manageBackOffice"));
  return <ColorOptionForm kind="group" userName={personNameOrUsernameOf(user)} />;
}
