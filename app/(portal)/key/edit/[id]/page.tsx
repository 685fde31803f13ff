import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { ColorOptionForm } from "@/components/backoffice/color-option-form";
import { loadColorOption } from "../../../_color-options/load";
import { personNameOrUsernameOf } from "@/lib/users/display-name";

export const metadata: Metadata = { title: "Edit Calendar Key" };

/** Administrators; others get the 403 page. An unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const user = await pageGuard(requireCapability("manageBackOffice"));
  const values = await loadColorOption("key", params);
  return <ColorOptionForm kind="key" {...values} userName={personNameOrUsernameOf(user)} />;
}
