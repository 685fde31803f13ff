import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DiscussionForm } from "@/components/content/discussion-form";
import { getDiscussion } from "@/lib/content/queries";
import { idFromPath, loadFormContext } from "../../../_components/form-context";

export const metadata: Metadata = { title: "Edit Post" };

/** DiscussionEditForm (role 1): a post of this menu only. */
export default async function EditDiscussionPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { menu, backHref, userName } = await loadFormContext(params, "discussion");
  const post = await getDiscussion({ menuId: menu.id, id: idFromPath((await params).id) });
  if (!post) notFound();
  return (
    <DiscussionForm
      initial={{
        slug: menu.slug,
        id: post.id,
        title: post.title,
        description: post.description,
        documents: post.documents.map((d) => ({ path: d.path, name: d.name, size: d.size, type: d.mime || d.extension })),
      }}
      backHref={backHref}
      userName={userName}
    />
  );
}
