import type { Metadata } from "next";
import { DiscussionForm } from "@/components/content/discussion-form";
import { getDiscussion, listAudienceOptions } from "@/lib/content/queries";
import { loadFormContext } from "../../../_components/form-context";

export const metadata: Metadata = { title: "Edit Post" };

/** DiscussionEditForm (role 1): a post of this menu only. */
export default async function EditDiscussionPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const {
    menu,
    backHref,
    userName,
    record: post,
  } = await loadFormContext(params, "discussion", (menu, id, user) =>
    getDiscussion({ menuId: menu.id, id, viewer: user }),
  );
  return (
    <DiscussionForm
      initial={{
        slug: menu.slug,
        id: post.id,
        title: post.title,
        description: post.description,
        documents: post.documents.map((d) => ({
          path: d.path,
          name: d.name,
          size: d.size,
          type: d.mime || d.extension,
        })),
        audience: { locations: post.audienceLocationIds, roles: post.audienceRoleIds },
        publishAt: post.publishAt?.toISOString() ?? null,
        expiresAt: post.expiresAt?.toISOString() ?? null,
        mustRead: post.mustRead,
        dueAt: post.dueAt?.toISOString() ?? null,
        reacknowledge: false,
      }}
      options={await listAudienceOptions()}
      backHref={backHref}
      userName={userName}
    />
  );
}
