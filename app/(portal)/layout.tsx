import { connection } from "next/server";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { listMenuTree } from "@/lib/menus/queries";
import { getBuildVersion, getSystemYear } from "@/lib/system/settings";
import { Brand } from "@/components/shell/brand";
import { BuildCheck } from "@/components/shell/build-check";
import { Footer } from "@/components/shell/footer";
import { Header } from "@/components/shell/header";
import { Sidebar } from "@/components/shell/sidebar";
import { InertWhenNavOpen, ShellStateProvider, SidebarDrawer } from "@/components/shell/shell-state";
import { formsMenu, MAIN_ID } from "@/components/shell/shell-utils";
import { sidebarMenus } from "@/lib/menus/sidebar-menus";

/** The signed-in shell: header, sidebar (a drawer below 766 px), main content and footer. */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const user = await pageGuard(requireUser());
  const [menus, year] = await Promise.all([listMenuTree({ roleId: user.roleId, stamp: user.configStamp }), getSystemYear({ stamp: user.configStamp })]);
  return (
    <ShellStateProvider>
      <InertWhenNavOpen className="sticky top-0 z-30">
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-medium text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <Header user={user} />
      </InertWhenNavOpen>
      <div className="flex">
        <SidebarDrawer brand={<Brand tone="dark" />}>
          <Sidebar menusId={sidebarMenus(menus).id} forms={formsMenu(user)} />
        </SidebarDrawer>
        <InertWhenNavOpen className="flex min-h-[calc(100dvh-4rem)] min-w-0 flex-1 flex-col">
          <main id={MAIN_ID} tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            {children}
          </main>
          <Footer year={year} />
        </InertWhenNavOpen>
      </div>
      <BuildCheck build={getBuildVersion()} />
    </ShellStateProvider>
  );
}
