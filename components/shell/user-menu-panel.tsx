"use client";

import Link from "next/link";
import { useFormStatus } from "react-dom";
import { toast } from "@/components/ui/toast";
import { Icon } from "@/components/ui/icon";
import { Avatar } from "@/components/ui/avatar";
import { Spinner } from "@/components/ui/button";
import { logoutAction } from "@/lib/auth/actions";
import { focusMenuItem, menuItems } from "./menu-focus";
import type { Account } from "./shell-utils";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus-visible:bg-brand-50 focus-visible:text-brand-700 focus-visible:outline-none";

/**
 * The open account menu (user-menu.tsx): who is signed in, the account's links and Logout, with the
 * menu pattern's keys (arrows, Home and End move between items; Tab closes). Its own chunk, loaded
 * when the pointer or focus reaches the menu button or at the first opening, not with the page.
 */
export function UserMenuPanel({
  account,
  id,
  menuRef,
  onClose,
}: {
  account: Account;
  id: string;
  /** The menu element; user-menu.tsx focuses an item when it appears (opened by keyboard or click). */
  menuRef: React.Ref<HTMLDivElement>;
  onClose: () => void;
}) {
  const { initials, color, photo, name, email, roleName, links } = account;

  const onMenuKey = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const menu = e.currentTarget;
    const current = menuItems(menu).indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") focusMenuItem(menu, current + 1);
    else if (e.key === "ArrowUp") focusMenuItem(menu, current - 1);
    else if (e.key === "Home") focusMenuItem(menu, 0);
    else if (e.key === "End") focusMenuItem(menu, -1);
    else if (e.key === "Tab") {
      onClose();
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <div className="absolute right-0 z-40 mt-2 w-[min(18rem,calc(100vw-1.5rem))] origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
      <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-2 pb-3">
        <Avatar initials={initials} color={color} src={photo} className="h-11 w-11 text-base ring-2 ring-white" />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
          {email && <p className="truncate text-xs text-slate-500">{email}</p>}
          <p className="mt-0.5 text-xs text-slate-400">{roleName}</p>
        </div>
      </div>
      <div
        id={id}
        ref={menuRef}
        role="menu"
        aria-label="Account"
        tabIndex={-1}
        onKeyDown={onMenuKey}
        className="pt-1.5"
      >
        {links.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            prefetch={false}
            role="menuitem"
            tabIndex={-1}
            className={itemClass}
            onClick={onClose}
          >
            <Icon name={l.icon} className="h-4 w-4 text-slate-500" />
            {l.label}
          </Link>
        ))}
        {links.length > 0 && <div role="separator" className="my-1.5 h-px bg-slate-100" />}
        <form action={logout} role="none">
          <LogoutButton />
        </form>
      </div>
    </div>
  );
}

/** Signs out; the action redirects to /login (or the SSO's logout), so only a failure returns here. */
async function logout(formData: FormData) {
  const res = await logoutAction(formData);
  if (!res.ok) toast.error(res.message);
}

function LogoutButton() {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      role="menuitem"
      tabIndex={-1}
      disabled={pending}
      aria-busy={pending || undefined}
      className={itemClass}
    >
      {pending ? (
        <Spinner className="h-4 w-4 text-slate-500" />
      ) : (
        <Icon name="logout" className="h-4 w-4 text-slate-500" />
      )}
      Logout
    </button>
  );
}
