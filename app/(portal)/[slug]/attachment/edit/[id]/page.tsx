import type { Metadata } from "next";
import { AttachmentForm } from "@/components/content/attachment-form";
import { attachmentValuesOf, getAttachment, listAttachmentGroups } from "@/lib/content/attachment/queries";
import { listAudienceOptions } from "@/lib/content/queries";
import { allowedUploadTypes } from "@/lib/content/constants";
import { loadFormContext } from "../../../_components/form-context";

export const metadata: Metadata = { title: "Edit Attachment" };

/** AttachmentEditForm (role 1): an attachment of this menu only. */
export default async function EditAttachmentPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const {
    menu,
    backHref,
    userName,
    record: item,
  } = await loadFormContext(params, "attachment", (menu, id, user) =>
    getAttachment({ menuId: menu.id, id, viewer: user }),
  );
  const allowedByMenu = allowedUploadTypes(menu.allowInAttachment);
  // An entry saved before the menu's choice changed keeps its own type available.
  const allowed = allowedByMenu.includes(item.uploadType) ? allowedByMenu : [...allowedByMenu, item.uploadType];
  const groups = (await listAttachmentGroups()).filter((g) => g.status === "active" || g.id === item.groupId);
  return (
    <AttachmentForm
      initial={attachmentValuesOf(menu.slug, item)}
      options={await listAudienceOptions()}
      allowed={allowed}
      groups={groups.map((g) => ({ id: g.id, name: g.status === "active" ? g.name : `${g.name} (inactive)` }))}
      backHref={item.groupId ? `${backHref}${backHref.includes("?") ? "&" : "?"}group=${item.groupId}` : backHref}
      userName={userName}
    />
  );
}
