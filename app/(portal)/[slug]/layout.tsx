import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getMenuBySlug } from "@/lib/menus/queries";

type Props = { children: React.ReactNode; params: Promise<{ slug: string }> };

/**
 * Decides 404/403 for every page under a menu slug before the loading boundary (loading.tsx) starts
 * streaming, so unknown and forbidden slugs get their real status code. The menus are held in
 * memory (lib/menus/queries.ts), so the page's own lookup of the same slug costs nothing more.
 */
export default async function MenuLayout({ children, params }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  return children;
}
