import type { Metadata } from "next";
import { AttachmentForm } from "@/components/content/attachment-form";
import { listAttachmentGroups } from "@/lib/content/attachment/queries";
import { listAudienceOptions } from "@/lib/content/queries";
import { allowedUploadTypes } from "@/lib/content/constants";
import { loadFormContext } from "../../_components/form-context";

export const metadata: Metadata = { title: "Add New Attachment" };

/** AttachmentAddForm (role 1). `?group=` (from a group's child view) preselects that group. */
export default async function AddAttachmentPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ group?: string }>;
}) {
  const { menu, backHref, userName } = await loadFormContext(params, "attachment");
  const allowed = allowedUploadTypes(menu.allowInAttachment);
  const groups = await listAttachmentGroups({ status: "active" });
  const wanted = Number((await searchParams).group);
  const groupId = groups.some((g) => g.id === wanted) ? wanted : null;
  return (
    <AttachmentForm
      initial={{
        slug: menu.slug,
        title: "",
        uploadType: allowed[0],
        url: "",
        groupId,
        documents: [],
        audience: { locations: [], roles: [] },
        publishAt: null,
        expiresAt: null,
      }}
      options={await listAudienceOptions()}
      allowed={allowed}
      groups={groups.map((g) => ({ id: g.id, name: g.name }))}
      backHref={groupId ? `${backHref}${backHref.includes("?") ? "&" : "?"}group=${groupId}` : backHref}
      userName={userName}
    />
  );
}
