import type { Metadata } from "next";
import { ColorOptionFormPage } from "@/components/backoffice/color-option-pages";

export const metadata: Metadata = { title: "Edit Calendar Key" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  return ColorOptionFormPage({ kind: "key", params });
}
