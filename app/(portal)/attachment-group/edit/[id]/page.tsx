import type { Metadata } from "next";
import { ColorOptionFormPage } from "@/components/backoffice/color-option-pages";

export const metadata: Metadata = { title: "Edit Attachment Group" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return ColorOptionFormPage({ kind: "group", params });
}
