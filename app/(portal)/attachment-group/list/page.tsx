import type { Metadata } from "next";
import { ColorOptionListPage } from "@/components/backoffice/color-option-pages";

export const metadata: Metadata = { title: "Attachment Groups" };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return ColorOptionListPage({ kind: "group", searchParams });
}
