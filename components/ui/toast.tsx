"use client";

import Link from "next/link";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Icon } from "./icon";
import type { IconName } from "./icon-names";

// The portal's toasts, in place of sonner (about 9 KB gzip that every page paid for on first load):
// the part of its API the app uses (`toast`, `toast.success`, `toast.error`, a description), its look
// with `richColors` and `closeButton` (bottom left: on a desktop over the foot of the sidebar, where they
// cover none of the header's controls nor a list item's Edit/Pin/Delete at the right of the page;
// 4 s, paused while hovered, focused or the tab is
// hidden) and its keyboard and screen-reader behaviour: an always-present polite live region labelled
// 'Notifications alt+T', Alt+T focuses the list, focus returns where it was when it leaves the list,
// 'Close toast' buttons.

type Kind = "default" | "success" | "error";
/** `link`: a link under the title (a saved record's page), like sonner's action button. */
type ToastLink = { label: string; href: string };
type Options = { description?: string; duration?: number; link?: ToastLink };
type Item = { id: number; kind: Kind; title: string; description?: string; link?: ToastLink; duration: number };

const LIFETIME = 4000;
const VISIBLE = 3;

let items: Item[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const EMPTY: Item[] = [];

function add(kind: Kind, title: string, options?: Options): number {
  const id = nextId++;
  const { description, link, duration = LIFETIME } = options ?? {};
  items = [{ id, kind, title, description, link, duration }, ...items];
  emit();
  return id;
}

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

/** Shows a toast; `toast.success` and `toast.error` colour it (sonner's signatures). */
export const toast = Object.assign((message: string, options?: Options) => add("default", message, options), {
  success: (message: string, options?: Options) => add("success", message, options),
  error: (message: string, options?: Options) => add("error", message, options),
  dismiss,
});

const tone: Record<Kind, string> = {
  default: "border-slate-200 bg-white text-slate-900",
  success: "border-[hsl(145,92%,87%)] bg-[hsl(143,85%,96%)] text-[hsl(140,100%,27%)]",
  error: "border-[hsl(359,100%,94%)] bg-[hsl(359,100%,97%)] text-[hsl(360,100%,38%)]",
};

const icons: Partial<Record<Kind, IconName>> = { success: "circle-check", error: "circle-alert" };

/** One toast: dismisses itself after its duration unless `paused` (the time left carries over). */
function Toast({ item, paused }: { item: Item; paused: boolean }) {
  const left = useRef(item.duration);
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(item.id), left.current);
    return () => {
      clearTimeout(timer);
      left.current -= Date.now() - started;
    };
  }, [paused, item.id]);
  const icon = icons[item.kind];
  return (
    <li
      tabIndex={0}
      data-toast={item.kind}
      className={`toast-in relative flex w-full items-center gap-1.5 rounded-lg border p-4 text-[13px] shadow-[0_4px_12px_rgba(0,0,0,0.1)] outline-none focus-visible:shadow-[0_4px_12px_rgba(0,0,0,0.1),0_0_0_2px_rgba(0,0,0,0.2)] ${tone[item.kind]}`}
    >
      <button
        type="button"
        aria-label="Close toast"
        onClick={() => dismiss(item.id)}
        className="absolute -top-2 -left-2 flex h-5 w-5 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-900 hover:bg-slate-100"
      >
        <Icon name="close" className="h-3 w-3" />
      </button>
      {icon && <Icon name={icon} className="mr-1 -ml-[3px] h-5 w-5" />}
      <div className="flex flex-col gap-0.5">
        <div className="font-medium">{item.title}</div>
        {item.description && <div>{item.description}</div>}
        {item.link && (
          <Link href={item.link.href} onClick={() => dismiss(item.id)} className="font-medium underline">
            {item.link.label}
          </Link>
        )}
      </div>
    </li>
  );
}

/** Where toasts appear (mount once, in the root layout). */
export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = useSyncExternalStore(
    (l) => {
      document.addEventListener("visibilitychange", l);
      return () => document.removeEventListener("visibilitychange", l);
    },
    () => document.hidden,
    () => false,
  );
  const listRef = useRef<HTMLOListElement>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && e.code === "KeyT") listRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  // When the last toast goes while focus was inside, focus returns to where it was before.
  const empty = list.length === 0;
  useEffect(() => {
    if (empty && lastFocused.current) {
      lastFocused.current.focus({ preventScroll: true });
      lastFocused.current = null;
      setFocused(false);
    }
  }, [empty]);

  return (
    <section
      aria-label="Notifications alt+T"
      tabIndex={-1}
      aria-live="polite"
      aria-relevant="additions text"
      aria-atomic="false"
    >
      {list.length > 0 && (
        <ol
          ref={listRef}
          tabIndex={-1}
          className="fixed bottom-4 left-4 z-[999999999] flex w-[356px] max-w-[calc(100vw-32px)] flex-col-reverse gap-3.5 outline-none sm:bottom-6 md:w-68"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={(e) => {
            if (!focused) {
              setFocused(true);
              if (!e.currentTarget.contains(e.relatedTarget as Node | null))
                lastFocused.current = e.relatedTarget as HTMLElement | null;
            }
          }}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) {
              setFocused(false);
              if (lastFocused.current) {
                lastFocused.current.focus({ preventScroll: true });
                lastFocused.current = null;
              }
            }
          }}
        >
          {list.slice(0, VISIBLE).map((t) => (
            <Toast key={t.id} item={t} paused={hovered || focused || hidden} />
          ))}
        </ol>
      )}
    </section>
  );
}
