import type { Metadata } from "next";
import { SaveTheDateForm } from "@/components/content/save-the-date-form";
import { loadFormContext } from "../../_components/form-context";

export const metadata: Metadata = { title: "Add New Date" };

/** EventAddForm: a save-the-date entry of this menu (role 1). */
export default async function AddSaveTheDatePage({ params }: { params: Promise<{ slug: string }> }) {
  const { menu, backHref, userName } = await loadFormContext(params, "save-the-date");
  return (
    <SaveTheDateForm
      initial={{ slug: menu.slug, title: "", description: "", eventDate: "", documents: [] }}
      backHref={backHref}
      userName={userName}
    />
  );
}
