import type { Metadata } from "next";
import { DiscussionForm } from "@/components/content/discussion-form";
import { listAudienceOptions } from "@/lib/content/queries";
import { emptyDiscussion } from "@/lib/content/schemas";
import { loadFormContext } from "../../_components/form-context";

export const metadata: Metadata = { title: "Add New Post" };

/** DiscussionAddForm (role 1). */
export default async function AddDiscussionPage({ params }: { params: Promise<{ slug: string }> }) {
  const { menu, backHref, userName } = await loadFormContext(params, "discussion");
  return (
    <DiscussionForm
      initial={emptyDiscussion(menu.slug)}
      backHref={backHref}
      userName={userName}
      options={await listAudienceOptions()}
    />
  );
}
