"use client";

import { useEffect, useLayoutEffect, useRef, useState, useTransition } from "react";
import { usePathname, useRouter } from "next/navigation";
import { sidebarMenusAction } from "@/lib/menus/actions";
import { appLinkHref } from "./navigation-target";
import { isActivePath, type ShellLink, type SidebarItem } from "./shell-utils";
import { currentState, NAV_ATTR, NAV_LINK, sidebarMarkupOf, subMenuId, subMenuPaths, subMenuRows, toggleParts } from "./sidebar-markup";
import { documentSidebarMenus, parseSidebarMenus, publishedSidebarMenus, SIDEBAR_MENUS_ELEMENT_ID } from "./sidebar-menus";

const TOGGLE = "button.nav-toggle";

/** The menus with sub-menus, by the id of their sub-menu list (the toggle's aria-controls). */
type SubMenus = ReadonlyMap<string, SidebarItem>;

let lastSubMenus: { json: string; subMenus: SubMenus } | null = null;

/** The sub-menus of a tree's JSON, worked out in the browser when first needed (not while rendering). */
function subMenusOf(json: string): SubMenus {
  if (lastSubMenus?.json !== json) {
    const menus = parseSidebarMenus(json);
    lastSubMenus = { json, subMenus: new Map(menus.filter((m) => m.children.length).map((m) => [subMenuId(m.id), m])) };
  }
  return lastSubMenus.subMenus;
}

/**
 * Opens or closes a sub-menu: its toggle's state, icon and label, and the list's visibility. A list the
 * server sent empty (closed) gets its rows the first time it opens, built with the current path marked.
 */
function setSubMenu(toggle: HTMLButtonElement, open: boolean, subMenus: SubMenus, pathname: string) {
  const listId = toggle.getAttribute("aria-controls") ?? "";
  const item = subMenus.get(listId);
  const list = document.getElementById(listId);
  if (!item || !list) return;
  const parts = toggleParts(open, item.title);
  toggle.setAttribute("aria-expanded", String(open));
  toggle.querySelector("svg")?.setAttribute("class", `icon ${parts.iconClass}`);
  const label = toggle.querySelector(".sr-only");
  if (label) label.textContent = parts.label;
  if (open && !list.firstElementChild) list.innerHTML = subMenuRows(item, pathname);
  list.toggleAttribute("hidden", !open);
}

/** Marks the links of the current path (aria-current and data-active) and opens the sub-menu it is in. */
function showCurrent(nav: HTMLElement, pathname: string, subMenus: SubMenus) {
  for (const a of nav.querySelectorAll<HTMLAnchorElement>(NAV_LINK)) {
    const href = a.getAttribute("href") ?? "";
    const state = currentState(pathname, href, a.getAttribute(NAV_ATTR.match) ?? href);
    if (state) {
      a.setAttribute("aria-current", state);
      a.setAttribute("data-active", "true");
    } else {
      a.removeAttribute("aria-current");
      a.removeAttribute("data-active");
    }
  }
  // Navigating into a menu opens it; navigating away leaves it as the user set it.
  for (const toggle of nav.querySelectorAll<HTMLButtonElement>(TOGGLE)) {
    if (toggle.getAttribute("aria-expanded") === "true") continue;
    const item = subMenus.get(toggle.getAttribute("aria-controls") ?? "");
    if (item && subMenuPaths(item).some((p) => isActivePath(pathname, p))) setSubMenu(toggle, true, subMenus, pathname);
  }
}

function linkOf(event: React.SyntheticEvent): HTMLAnchorElement | null {
  return (event.target as Element).closest?.<HTMLAnchorElement>(NAV_LINK) ?? null;
}

/**
 * The sidebar: the role's menu tree plus the fixed Forms group. The server renders it as one string
 * of plain HTML (sidebar-markup.ts) with the current page marked; this component adds the behaviour
 * by delegation on the <nav>: a plain left click on a link navigates in the app inside a transition
 * (the link shows a spinner while it takes a moment; other clicks keep the browser's behaviour),
 * a link is prefetched once on intent (hover, focus, touch) rather than all 50 on every page load,
 * the toggles open and close sub-menus, and the current page follows client-side navigation.
 * The markup is rebuilt only when the menu itself changes (a refresh after an administrator's edit).
 * `menusId` is the version of the role's tree, which travels beside the page payload
 * (sidebar-menus.ts): published on the server, in the document in the browser, and asked of the
 * server when a refresh brings a version the browser does not have (the old rows stay meanwhile).
 */
export function Sidebar({ menusId, forms }: { menusId: string; forms: ShellLink[] }) {
  const pathname = usePathname() ?? ""; // null only under the Pages Router (pages/api has no pages)
  const router = useRouter();
  const navRef = useRef<HTMLElement>(null);
  const warmed = useRef(new Set<string>());
  const [isPending, startTransition] = useTransition();
  const [target, setTarget] = useState<string | null>(null);
  const [tree, setTree] = useState(() => ({ id: menusId, json: knownMenus(menusId) }));
  const menus = tree.json ?? "[]";
  const build = () => ({ menus, forms, html: sidebarMarkupOf(menus, forms, pathname) });
  const [built, setBuilt] = useState(build);
  if (built.menus !== menus || built.forms !== forms) setBuilt(build());

  useEffect(() => {
    if (tree.id === menusId && tree.json !== null) return;
    let current = true;
    void sidebarMenusAction({}).then((res) => {
      if (current && res.ok) setTree(res.data);
    });
    return () => {
      current = false;
    };
  }, [menusId]); // eslint-disable-line react-hooks/exhaustive-deps -- asks once per version the page names

  useLayoutEffect(() => {
    if (navRef.current) showCurrent(navRef.current, pathname, subMenusOf(menus));
  }, [pathname, built.html, menus]);

  useLayoutEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    for (const a of nav.querySelectorAll(`[${NAV_ATTR.pending}]`)) {
      a.removeAttribute(NAV_ATTR.pending);
      a.removeAttribute("aria-busy");
    }
    if (!isPending || !target) return;
    const link = [...nav.querySelectorAll<HTMLAnchorElement>(NAV_LINK)].find((a) => a.getAttribute("href") === target);
    link?.setAttribute(NAV_ATTR.pending, "");
    link?.setAttribute("aria-busy", "true");
  }, [isPending, target, built.html]);

  const onIntent = (event: React.SyntheticEvent) => {
    const href = linkOf(event)?.getAttribute("href");
    if (!href || href === pathname || warmed.current.has(href)) return;
    warmed.current.add(href);
    router.prefetch(href);
  };

  const onClick = (event: React.MouseEvent<HTMLElement>) => {
    const toggle = (event.target as Element).closest?.<HTMLButtonElement>(TOGGLE);
    if (toggle) {
      setSubMenu(toggle, toggle.getAttribute("aria-expanded") !== "true", subMenusOf(menus), pathname);
      return;
    }
    const href = appLinkHref(event, NAV_LINK);
    if (!href) return;
    event.preventDefault();
    setTarget(href);
    startTransition(() => router.push(href));
  };

  return (
    <>
      {tree.json !== null && (
        <script type="application/json" id={SIDEBAR_MENUS_ELEMENT_ID} data-menus={tree.id} dangerouslySetInnerHTML={{ __html: tree.json }} />
      )}
      <nav
        ref={navRef}
        aria-label="Main menu"
        className="flex-1 overflow-y-auto overscroll-contain px-3 py-4 [scrollbar-color:rgb(255_255_255/0.2)_transparent]"
        onClick={onClick}
        onMouseOver={onIntent}
        onFocus={onIntent}
        onTouchStart={onIntent}
        dangerouslySetInnerHTML={{ __html: built.html }}
      />
    </>
  );
}

/** The tree of a version where it is at hand: published on the server, in the document in the browser. */
function knownMenus(id: string): string | null {
  return (typeof window === "undefined" ? publishedSidebarMenus(id) : documentSidebarMenus(id)) ?? null;
}
