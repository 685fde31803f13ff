"use client";

import { usePathname } from "next/navigation";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { Icon } from "@/components/ui/icon";
import { Avatar } from "@/components/ui/avatar";
import { focusMenuItem } from "./menu-focus";
import type { Account } from "./shell-utils";

const loadPanel = () => import("./user-menu-panel");
const UserMenuPanel = lazy(() => loadPanel().then((m) => ({ default: m.UserMenuPanel })));

/**
 * The header's account menu (menu button pattern): opens with click, Enter, Space or the arrow keys;
 * arrows, Home and End move between items; Escape closes and returns focus; Tab or a click outside closes.
 * The open menu's code (user-menu-panel.tsx) is not part of the page's first load: it is fetched when
 * the pointer or focus reaches the button, or at the first opening.
 */
export function UserMenu({ account }: { account: Account }) {
  const { initials, color, photo, name, email } = account;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement | null>(null);
  const focusOnOpen = useRef<"first" | "last" | null>(null);
  const menuId = useId();
  const pathname = usePathname();
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
  }

  // The menu appears once its code is there (at once after the first time): then it gets the focus
  // that opened it asked for.
  const attachMenu = useCallback((menu: HTMLDivElement | null) => {
    menuRef.current = menu;
    if (menu && focusOnOpen.current) focusMenuItem(menu, focusOnOpen.current === "first" ? 0 : -1);
    focusOnOpen.current = null;
  }, []);
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
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
      if (open) focusMenuItem(menuRef.current, e.key === "ArrowDown" ? 0 : -1);
      else {
        focusOnOpen.current = e.key === "ArrowDown" ? "first" : "last";
        setOpen(true);
      }
    }
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
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
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
        <Suspense fallback={null}>
          <UserMenuPanel account={account} id={menuId} menuRef={attachMenu} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
