import type { Metadata } from "next";
import { MenuEditorPage } from "../_components/editor-page";

export const metadata: Metadata = { title: "Edit Menu" };

export default async function Page() {
  return MenuEditorPage({});
}
