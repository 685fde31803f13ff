import { notFound, permanentRedirect } from "next/navigation";
import { findRenamedMenuSlug } from "@/lib/menus/queries";

/**
 * For a page whose menu slug matches no menu: a renamed menu's old slug (a bookmark, a shared post
 * link) goes for good (308) to the same page under the new slug, `rest` being the path after the
 * slug; anything else is the 404 page.
 */
export async function menuNotFound(slug: string, rest = ""): Promise<never> {
  const renamed = await findRenamedMenuSlug(slug.slice(0, 190));
  if (renamed) permanentRedirect(`/${renamed}${rest}`);
  notFound();
}
