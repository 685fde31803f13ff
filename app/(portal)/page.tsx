import { connection } from "next/server";
import { redirect } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getFirstMenuSlug } from "@/lib/menus/queries";
import { StatusScreen } from "@/components/shell/status-screen";

/** `/` sends a signed-in user to the first menu page they may open. */
export default async function HomePage() {
  await connection();
  const user = await pageGuard(requireUser());
  const slug = await getFirstMenuSlug({ roleId: user.roleId, stamp: user.configStamp });
  if (slug) redirect(`/${slug}`);
  return (
    <StatusScreen icon="folder" title="There are no pages in the menu yet.">
      <p>An administrator adds pages with Edit Menu.</p>
    </StatusScreen>
  );
}
