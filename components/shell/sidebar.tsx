import type { ShellLink, SidebarItem } from "./shell-utils";
import { MenuRow, NavLink, SidebarNav, SubMenu } from "./sidebar-parts";

/**
 * The sidebar: the role's menu tree plus the fixed Forms group, a server component of the layout (its
 * data is cached per role and menu version by lib/menus/queries.ts). Its rows are small client parts
 * given plain data (sidebar-parts.tsx): a next/link that marks the current page as the path changes,
 * a sub-menu's toggle, the <nav> prefetching on intent. Titles are cut at 22 characters (30 in
 * sub-menus) with the full title as the tooltip; external addresses other than http(s) are not linked.
 */
export function Sidebar({ menus, forms }: { menus: readonly SidebarItem[]; forms: readonly ShellLink[] }) {
  return (
    <SidebarNav>
      {menus.length ? (
        <ul className="space-y-0.5">
          {menus.map((item) => (
            <li key={item.id}>{item.children ? <SubMenu item={item} /> : <MenuRow item={item} />}</li>
          ))}
        </ul>
      ) : (
        <p className="px-3 py-2 text-sm text-brand-200">No pages yet.</p>
      )}
      <h2 id="sidebar-forms" className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wider text-brand-300 uppercase">
        Forms
      </h2>
      <ul aria-labelledby="sidebar-forms" className="space-y-0.5">
        {forms.map((f) => (
          <li key={f.href}>
            <NavLink href={f.href} match={f.match} icon={f.icon} text={f.label} wrap />
          </li>
        ))}
      </ul>
    </SidebarNav>
  );
}
