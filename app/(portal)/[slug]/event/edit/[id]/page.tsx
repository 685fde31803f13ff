import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SaveTheDateForm } from "@/components/content/save-the-date-form";
import { getSaveTheDate } from "@/lib/content/queries";
import { isoDateToUs } from "@/lib/content/constants";
import { idFromPath, loadFormContext } from "../../../_components/form-context";

export const metadata: Metadata = { title: "Edit Date" };

/** EventEditForm: a save-the-date entry of this menu only (role 1). */
export default async function EditSaveTheDatePage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { menu, backHref, userName } = await loadFormContext(params, "save-the-date");
  const entry = await getSaveTheDate({ menuId: menu.id, id: idFromPath((await params).id) });
  if (!entry) notFound();
  return (
    <SaveTheDateForm
      initial={{
        slug: menu.slug,
        id: entry.id,
        title: entry.title,
        description: entry.description,
        eventDate: isoDateToUs(entry.eventDate),
        documents: entry.documents.map((d) => ({ path: d.path, name: d.name, size: d.size, type: d.mime || d.extension })),
      }}
      backHref={backHref}
      userName={userName}
    />
  );
}
