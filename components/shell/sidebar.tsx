import { isWebUrl } from "@/lib/url";
import { Icon } from "@/components/ui/icon";
import { MENU_TITLE_MAX, SUB_MENU_TITLE_MAX, truncateTitle, type ShellLink, type SidebarItem } from "./shell-utils";
import { NavLink, SidebarNav, SubMenu } from "./sidebar-parts";

/**
 * The sidebar: the role's menu tree plus the fixed Forms group, rendered on the server (the layout's
 * data, cached per role and menu version by lib/menus/queries.ts). Its client parts are small: the
 * <nav> prefetching on intent, each in-app link marking the current page, each sub-menu's toggle.
 * Titles are cut at 22 characters (30 in sub-menus) with the full title as the tooltip; external
 * addresses other than http(s) are not linked.
 */
export function Sidebar({ menus, forms }: { menus: readonly SidebarItem[]; forms: readonly ShellLink[] }) {
  return (
    <SidebarNav>
      {menus.length ? (
        <ul className="space-y-0.5">
          {menus.map((item) => (
            <li key={item.id}>
              {item.children.length ? (
                <SubMenu
                  listId={`submenu-${item.id}`}
                  title={item.title}
                  paths={[`/${item.slug}`, ...item.children.filter((c) => !c.url).map((c) => `/${c.slug}`)]}
                  row={<MenuRow item={item} max={MENU_TITLE_MAX} />}
                >
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <MenuRow item={child} max={SUB_MENU_TITLE_MAX} />
                    </li>
                  ))}
                </SubMenu>
              ) : (
                <MenuRow item={item} max={MENU_TITLE_MAX} />
              )}
            </li>
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
            <NavLink href={f.href} match={f.match}>
              <Icon name={f.icon} className="" />
              <span className="min-w-0">{f.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </SidebarNav>
  );
}

// Row icons take their size from where they are (app/globals.css, .nav-row and .nav-sub).

/** One menu's row: an in-app link, an external link (new tab), or plain text for an address that is not a web address. */
function MenuRow({ item, max }: { item: SidebarItem; max: number }) {
  const cut = truncateTitle(item.title, max);
  const tooltip = cut.truncated ? item.title : undefined;
  // A cut title is hidden from screen readers: the row's tooltip (title attribute) then names the link.
  const text = <span aria-hidden={cut.truncated || undefined}>{cut.text}</span>;
  const url = item.url?.trim();
  if (url && !isWebUrl(url)) {
    return (
      <span className="nav-row" title={tooltip}>
        <Icon name={item.icon} className="" />
        <span>{cut.text}</span>
      </span>
    );
  }
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" title={tooltip} className="nav-row">
        <Icon name={item.icon} className="" />
        {text}
        <Icon name="external" className="nav-ext" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink href={`/${item.slug}`} title={tooltip}>
      <Icon name={item.icon} className="" />
      {text}
    </NavLink>
  );
}
