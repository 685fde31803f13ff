import { connection } from "next/server";
import { redirect } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getFirstMenuSlug } from "@/lib/menus/queries";

/** `/` sends a signed-in user to the first menu page they may open. */
export default async function HomePage() {
  await connection();
  const user = await pageGuard(requireUser());
  const slug = await getFirstMenuSlug({ roleId: user.roleId, stamp: user.configStamp });
  if (slug) redirect(`/${slug}`);
  return <p className="p-8 text-slate-600">There are no pages in the menu yet.</p>;
}
