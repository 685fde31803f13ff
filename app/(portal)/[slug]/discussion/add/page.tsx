import type { Metadata } from "next";
import { DiscussionForm } from "@/components/content/discussion-form";
import { listAudienceOptions } from "@/lib/content/queries";
import { loadFormContext } from "../../_components/form-context";

export const metadata: Metadata = { title: "Add New Post" };

/** DiscussionAddForm (role 1). */
export default async function AddDiscussionPage({ params }: { params: Promise<{ slug: string }> }) {
  const { menu, backHref, userName } = await loadFormContext(params, "discussion");
  return (
    <DiscussionForm
      initial={{
        slug: menu.slug,
        title: "",
        description: "",
        documents: [],
        audience: { locations: [], roles: [] },
        publishAt: null,
        expiresAt: null,
        mustRead: false,
        dueAt: null,
      }}
      backHref={backHref}
      userName={userName}
      options={await listAudienceOptions()}
    />
  );
}
