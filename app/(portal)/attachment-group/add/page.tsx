import type { Metadata } from "next";
import { ColorOptionFormPage } from "@/components/backoffice/color-option-pages";

export const metadata: Metadata = { title: "Add Attachment Group" };

export default async function Page() {
  return ColorOptionFormPage({ kind: "group" });
}
