"use client";

import { Icon } from "@/components/ui/icon";
import { NavLink, NavProvider, SubMenu } from "./nav-link";
import { MENU_TITLE_MAX, SUB_MENU_TITLE_MAX, truncateTitle, type ShellLink, type SidebarItem } from "./shell-utils";

/** A title cut at `max` characters; the full title is the tooltip and what screen readers hear. */
function Title({ title, max }: { title: string; max: number }) {
  const { text, truncated } = truncateTitle(title, max);
  if (!truncated) return <span className="min-w-0 truncate">{text}</span>;
  return (
    <>
      <span aria-hidden="true" className="min-w-0 truncate">
        {text}
      </span>
      <span className="sr-only">{title}</span>
    </>
  );
}

function MenuRow({ item, max, sub }: { item: SidebarItem; max: number; sub?: boolean }) {
  const tooltip = truncateTitle(item.title, max).truncated ? item.title : undefined;
  const icon = <Icon name={item.icon} className={sub ? "h-4 w-4 opacity-80" : "h-5 w-5 opacity-90"} />;
  if (item.url) {
    return (
      <a href={item.url} target="_blank" rel="noopener noreferrer" title={tooltip} className="nav-row">
        {icon}
        <Title title={item.title} max={max} />
        <Icon name="external" className="ml-auto h-3.5 w-3.5 opacity-60" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink href={`/${item.slug}`} title={tooltip} className="nav-row">
      {icon}
      <Title title={item.title} max={max} />
    </NavLink>
  );
}

/**
 * The sidebar: the role's menu tree plus the fixed Forms group. One client component fed with plain
 * data, so a page carries the menu once as data and once as HTML (not as 50 server-rendered element
 * trees beside 50 client links); it highlights the current page on the server render already.
 */
export function Sidebar({ menus, forms }: { menus: SidebarItem[]; forms: ShellLink[] }) {
  return (
    <NavProvider>
      <nav aria-label="Main menu" className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 [scrollbar-color:rgb(255_255_255/0.2)_transparent]">
        {menus.length === 0 ? (
          <p className="px-3 py-2 text-sm text-brand-200">No pages yet.</p>
        ) : (
          <ul className="space-y-0.5">
            {menus.map((item) => (
              <li key={item.id}>
                {item.children.length > 0 ? (
                  <SubMenu
                    id={`submenu-${item.id}`}
                    title={item.title}
                    paths={[`/${item.slug}`, ...item.children.filter((c) => !c.url).map((c) => `/${c.slug}`)]}
                    row={<MenuRow item={item} max={MENU_TITLE_MAX} />}
                  >
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <MenuRow item={child} max={SUB_MENU_TITLE_MAX} sub />
                      </li>
                    ))}
                  </SubMenu>
                ) : (
                  <MenuRow item={item} max={MENU_TITLE_MAX} />
                )}
              </li>
            ))}
          </ul>
        )}

        <h2 id="sidebar-forms" className="mt-6 mb-2 px-3 text-xs font-semibold tracking-wider text-brand-300 uppercase">
          Forms
        </h2>
        <ul aria-labelledby="sidebar-forms" className="space-y-0.5">
          {forms.map((f) => (
            <li key={f.label}>
              <NavLink href={f.href} match={f.match} className="nav-row">
                <Icon name={f.icon} className="h-5 w-5 opacity-90" />
                <span className="min-w-0">{f.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </NavProvider>
  );
}
