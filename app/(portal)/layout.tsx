import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listMenuTree } from "@/lib/menus/queries";
import { getBuildVersion, getSystemYear } from "@/lib/system/settings";
import { ShellFrame } from "@/components/shell/shell-frame";
import { accountOf, formsMenu } from "@/components/shell/shell-utils";
import { sidebarMenus } from "@/lib/menus/sidebar-menus";

/**
 * The signed-in shell: header, sidebar (a drawer below 766 px), main content and footer. The shell is
 * one client component given plain data (components/shell/shell-frame.tsx).
 */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const user = await pageGuard(requireUser());
  const [menus, year] = await Promise.all([listMenuTree({ roleId: user.roleId, stamp: user.configStamp }), getSystemYear({ stamp: user.configStamp })]);
  return (
    <ShellFrame account={accountOf(user)} menusId={sidebarMenus(menus).id} forms={formsMenu(user)} build={getBuildVersion()} year={year}>
      {children}
    </ShellFrame>
  );
}
