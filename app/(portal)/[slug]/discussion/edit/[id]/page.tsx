import type { Metadata } from "next";
import { DiscussionForm } from "@/components/content/discussion-form";
import { discussionValuesOf, getDiscussion } from "@/lib/content/discussion/queries";
import { listAudienceOptions } from "@/lib/content/queries";
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
      initial={discussionValuesOf(menu.slug, post)}
      options={await listAudienceOptions()}
      backHref={backHref}
      userName={userName}
    />
  );
}
