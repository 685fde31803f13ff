import { connection } from "next/server";
import { headers } from "next/headers";
import { PAGE_PATH_HEADER, pageGuard, requireUser } from "@/lib/auth/guards";
import { listMenuTree } from "@/lib/menus/queries";
import { getBuildVersion, getSystemYear } from "@/lib/system/settings";
import { ShellFrame } from "@/components/shell/shell-frame";
import { Sidebar } from "@/components/shell/sidebar";
import { accountOf, formsMenu, toSidebarItems } from "@/components/shell/shell-utils";
import { photoUrl } from "@/lib/users/queries";
import { headerCounts } from "@/lib/system/header-counts";
import { MyRequestsLink, ToReadLink, WaitingForMeLink } from "@/components/shell/header-count-link";
import { roleCan } from "@/lib/auth/roles";

/**
 * The signed-in shell: header, sidebar (a drawer below 766 px), main content and footer. The frame is
 * one client component (components/shell/shell-frame.tsx); the sidebar is a server component it
 * places.
 */
export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const user = await pageGuard(requireUser());
  const [menus, year, { unread, requestsChanged, waiting }] = await Promise.all([
    listMenuTree({ roleId: user.roleId, stamp: user.configStamp }),
    getSystemYear({ stamp: user.configStamp }),
    // On My requests itself the requests' count is zero: that page marks them seen (it renders beside this layout).
    headers().then((h) =>
      headerCounts(user, { requests: !(h.get(PAGE_PATH_HEADER) ?? "").startsWith("/my/requests") }),
    ),
  ]);
  return (
    <ShellFrame
      account={accountOf(user, photoUrl(user.profileImage))}
      sidebar={<Sidebar menus={toSidebarItems(menus)} forms={formsMenu(user)} />}
      build={getBuildVersion()}
      year={year}
      headerLinks={
        <>
          <ToReadLink count={unread} />
          <MyRequestsLink count={requestsChanged} />
          {roleCan(user.roleId, "decideRequests") && <WaitingForMeLink count={waiting} />}
        </>
      }
    >
      {children}
    </ShellFrame>
  );
}
