import type { Metadata } from "next";
import { ColorOptionFormPage } from "@/components/backoffice/color-option-pages";

export const metadata: Metadata = { title: "Add Calendar Key" };

export default async function Page() {
  return ColorOptionFormPage({ kind: "key" });
}
