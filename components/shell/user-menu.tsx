"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useFormStatus } from "react-dom";
import { toast } from "@/components/ui/toast";
import { Icon } from "@/components/ui/icon";
import { Avatar } from "@/components/ui/avatar";
import { Spinner } from "@/components/ui/button";
import { logoutAction } from "@/lib/auth/actions";
import type { Account } from "./shell-utils";

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus-visible:bg-brand-50 focus-visible:text-brand-700 focus-visible:outline-none";

/** The menu's items, in order. */
function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

/** Focuses the menu's item at `index`, wrapping around (-1 is the last). */
function focusMenuItem(menu: HTMLElement | null, index: number) {
  const list = menuItems(menu);
  if (list.length) list[(index + list.length) % list.length].focus();
}

/**
 * The header's account menu (menu button pattern): opens with click, Enter, Space or the arrow keys;
 * arrows, Home and End move between items; Escape closes and returns focus; Tab or a click outside closes.
 */
export function UserMenu({ account }: { account: Account }) {
  const { initials, color, photo, name, email, roleName, links } = account;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const menuId = useId();
  const pathname = usePathname();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  const focusItem = (index: number) => focusMenuItem(menuRef.current, index);

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen.current) focusMenuItem(menuRef.current, focusOnOpen.current === "first" ? 0 : -1);
    focusOnOpen.current = null;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        e.stopPropagation();
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const onButtonKey = (e: React.KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      focusOnOpen.current = e.key === "ArrowDown" ? "first" : "last";
      if (open) focusItem(e.key === "ArrowDown" ? 0 : -1);
      else setOpen(true);
    }
  };

  const onMenuKey = (e: React.KeyboardEvent) => {
    const list = menuItems(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") focusItem(current + 1);
    else if (e.key === "ArrowUp") focusItem(current - 1);
    else if (e.key === "Home") focusItem(0);
    else if (e.key === "End") focusItem(-1);
    else if (e.key === "Tab") {
      setOpen(false);
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          focusOnOpen.current = "first";
          setOpen((o) => !o);
        }}
        onKeyDown={onButtonKey}
        className="flex items-center gap-3 rounded-full py-1 pr-2 pl-1 text-left hover:bg-slate-100 md:rounded-lg md:pr-3"
      >
        <Avatar initials={initials} color={color} src={photo} className="h-9 w-9 text-sm ring-2 ring-white" />
        <span className="hidden min-w-0 flex-col md:flex">
          <span className="max-w-[16rem] truncate text-sm font-semibold tracking-wide text-slate-900">{name}</span>
          {email && <span className="max-w-[16rem] truncate text-xs text-slate-500">{email}</span>}
        </span>
        <Icon
          name="chevron-down"
          className={`h-4 w-4 text-slate-500 transition-transform motion-reduce:transition-none ${open ? "rotate-180" : ""}`}
        />
        <span className="sr-only">Account menu</span>
      </button>

      {/* The menu exists only while open: a closed menu costs every page render nothing. */}
      {open && (
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
            id={menuId}
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
                onClick={() => setOpen(false)}
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
      )}
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
