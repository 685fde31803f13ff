import { PERMISSION, roleCan } from "@/lib/auth/roles";
import { isIconName, type IconName } from "@/components/ui/icon-names";
import { FORM_KEYS } from "@/lib/forms/form-keys";
import { STAFF_FORMS, mayOpenList, staffFormHref } from "@/lib/forms/registry";

/** Ids the shell's parts refer to (skip link -> main, menu button -> sidebar). */
export const MAIN_ID = "main-content";
export const SIDEBAR_ID = "portal-sidebar";

/** Sidebar title limits (the old portal: 22 for menus, 30 for sub-menus). */
export const MENU_TITLE_MAX = 22;
export const SUB_MENU_TITLE_MAX = 30;

const SURROGATE = /[\uD800-\uDFFF]/;

/** Cuts a title at `max` characters with an ellipsis; `truncated` says whether a tooltip is needed. */
export function truncateTitle(title: string, max: number): { text: string; truncated: boolean } {
  // Fast path: no more UTF-16 units than `max` means no more characters either.
  if (title.length <= max && title.trim() === title) return { text: title, truncated: false };
  const trimmed = title.trim();
  // Without surrogate pairs, UTF-16 units are characters: slice instead of splitting into an array.
  if (!SURROGATE.test(trimmed)) {
    if (trimmed.length <= max) return { text: trimmed, truncated: false };
    return { text: `${trimmed.slice(0, max).trimEnd()}…`, truncated: true };
  }
  const chars = Array.from(trimmed);
  if (chars.length <= max) return { text: chars.join(""), truncated: false };
  return { text: `${chars.slice(0, max).join("").trimEnd()}…`, truncated: true };
}

/**
 * Two-letter initials from first and last name (falls back to the username); of a display name, its
 * first and last words ('Alex Admin' -> 'AA', 'staff' -> 'S').
 */
export function initialsOf(
  named: string | { firstName?: string | null; lastName?: string | null; username?: string | null },
): string {
  const user = typeof named === "string" ? wordsAsName(named) : named;
  const first = Array.from(user.firstName?.trim() ?? "")[0] ?? "";
  const last = Array.from(user.lastName?.trim() ?? "")[0] ?? "";
  const initials =
    `${first}${last}` ||
    Array.from(user.username?.trim() ?? "")
      .slice(0, 2)
      .join("");
  return (initials || "?").toUpperCase();
}

function wordsAsName(name: string): { firstName: string; lastName: string; username?: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? "", lastName: words.length > 1 ? words[words.length - 1] : "" };
}

export function fullNameOf(user: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ") || user.username || "";
}

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour from the database when it is a valid #rgb, #rgba, #rrggbb or #rrggbbaa value, else `fallback` (the brand colour). */
export function safeColor(color: string | null | undefined, fallback = "#1d4ed8"): string {
  return color && HEX.test(color) ? color : fallback;
}

/** Black or white text, whichever reads better on the background (WCAG relative luminance). */
export function readableTextOn(background: string): "#ffffff" | "#0f172a" {
  let hex = safeColor(background).slice(1);
  if (hex.length <= 4) hex = [...hex].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white vs against slate-900 (#0f172a, luminance ~0.008)
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.058 ? "#ffffff" : "#0f172a";
}

/** Whether `pathname` is the page `href` or below it (`/news` matches `/news/post/3`). */
export function isActivePath(pathname: string | null | undefined, href: string): boolean {
  if (!pathname) return false;
  const base = href.replace(/\/+$/, "");
  return pathname === href || pathname === base || pathname.startsWith(`${base}/`);
}

/** What a sidebar row needs of a menu (lib/menus/queries.ts MenuNode), and nothing more. */
export type SidebarItem = {
  id: number;
  slug: string;
  title: string;
  icon: IconName;
  url?: string;
  children?: SidebarItem[];
};

export type MenuLike = {
  id: number;
  slug: string;
  title: string;
  icon: string | null;
  url: string | null;
  children: readonly MenuLike[];
};

/** The rows of a menu tree; an icon the sprite does not draw (renamed, or none) becomes the fallback. */
export function toSidebarItems(menus: readonly MenuLike[]): SidebarItem[] {
  // Without an empty address or sub-menu list: every row of the tree is in every page's payload.
  return menus.map(({ id, slug, title, icon, url, children }) => ({
    id,
    slug,
    title,
    icon: isIconName(icon) ? icon : "file",
    ...(url && { url }),
    ...(children.length > 0 && { children: toSidebarItems(children) }),
  }));
}

export type ShellLink = { href: string; label: string; icon: IconName; match?: string };

/**
 * The fixed Forms group of the sidebar for a user (the old portal's sidebar): 'Waiting for me' (the approvals
 * inbox) for those who decide requests, then each registered staff form's link (lib/forms/registry.ts; its
 * list, or its add form without the list's capability).
 */
export function formsMenu(user: { roleId: number; permissions: readonly string[] }): ShellLink[] {
  // Those who decide requests find what waits on them first (the header's count links there too).
  const inbox: ShellLink[] = roleCan(user.roleId, "decideRequests")
    ? [{ href: "/approvals", label: "Waiting for me", icon: "circle-check", match: "/approvals" }]
    : [];
  const links: ShellLink[] = FORM_KEYS.map((key) => {
    const { menu, path } = STAFF_FORMS[key];
    return {
      href: staffFormHref(key, mayOpenList(key, user.roleId) ? "list" : "add"),
      label: menu.label,
      icon: isIconName(menu.icon) ? menu.icon : "file",
      match: path,
    };
  });
  if (user.permissions.includes(PERMISSION.formEmailManager)) {
    links.push({
      href: "/form/email/manager/list",
      label: "Form Email Manager",
      icon: "mail",
      match: "/form/email/manager",
    });
  }
  return [...inbox, ...links];
}

/** Who is signed in, as the header shows it (accountOf). */
export type Account = {
  initials: string;
  /** Profile colour (a safe hex colour); the avatar picks the text colour that reads on it. */
  color: string;
  /** Full name, already in upper case. */
  name: string;
  email: string | null;
  roleName: string;
  /** A signed link to the profile photo, or null (initials). */
  photo: string | null;
  /** The dropdown's links (one's profile; role 1's administration pages). */
  links: ShellLink[];
};

/** The header's account data for a signed-in user: initials on the profile colour, name, e-mail, role, links. */
export function accountOf(
  user: {
    roleId: number;
    roleName: string;
    username: string;
    firstName: string;
    lastName: string;
    email: string | null;
    profileColor: string | null;
  },
  photo: string | null = null,
): Account {
  const color = safeColor(user.profileColor);
  return {
    initials: initialsOf(user),
    color,
    name: fullNameOf(user).toUpperCase(),
    email: user.email,
    roleName: user.roleName,
    photo,
    links: accountMenu(user),
  };
}

/**
 * The header dropdown's links: one's profile (everyone; Change Password is there), then role 1's administration
 * pages (role 2: the compliance board of their location).
 */
export function accountMenu(user: { roleId: number }): ShellLink[] {
  const profile: ShellLink = { href: "/changeprofile", label: "Edit Profile", icon: "user" };
  const compliance: ShellLink = { href: "/compliance", label: "Compliance", icon: "shield" };
  if (!roleCan(user.roleId, "manageBackOffice"))
    return roleCan(user.roleId, "seeCompliance") ? [profile, compliance] : [profile];
  return [
    profile,
    { href: "/menu/add-edit-menu", label: "Edit Menu", icon: "list" },
    { href: "/user/list", label: "User", icon: "user" },
    { href: "/key/list", label: "Calendar Keys", icon: "key" },
    { href: "/attachment-group/list", label: "Attachment Group", icon: "layers" },
    { href: "/mail/outbox", label: "Mail Outbox", icon: "mail" },
    compliance,
    { href: "/requests/deadlines", label: "Request Deadlines", icon: "calendar" },
  ];
}
