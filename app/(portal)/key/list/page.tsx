import type { Metadata } from "next";
import { connection } from "next/server";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { ColorOptionListPage } from "@/components/backoffice/color-option-pages";
import { loadColorOptionList } from "../../_color-options/load";

export const metadata: Metadata = { title: "Calendar Keys" };

/** Administrators; others get the 403 page. The table's state is in the URL. */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await connection();
  await pageGuard(requireCapability("manageBackOffice"));
  const list = await loadColorOptionList("key", searchParams);
  return <ColorOptionListPage kind="key" {...list} />;
}
