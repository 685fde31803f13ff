import type { Metadata } from "next";
import { SaveTheDateForm } from "@/components/content/save-the-date-form";
import { getSaveTheDate, saveTheDateValuesOf } from "@/lib/content/save-the-date/queries";
import { loadFormContext } from "../../../_components/form-context";

export const metadata: Metadata = { title: "Edit Date" };

/** EventEditForm: a save-the-date entry of this menu only (role 1). */
export default async function EditSaveTheDatePage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const {
    menu,
    backHref,
    userName,
    record: entry,
  } = await loadFormContext(params, "save-the-date", (menu, id) => getSaveTheDate({ menuId: menu.id, id }));
  return <SaveTheDateForm initial={saveTheDateValuesOf(menu.slug, entry)} backHref={backHref} userName={userName} />;
}
