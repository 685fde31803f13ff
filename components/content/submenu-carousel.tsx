"use client";

import Link from "next/link";
import { useRef } from "react";
import { cut } from "@/lib/content/basics";
import { Icon } from "@/components/ui/icon";

/** The page's sub-menus as a horizontal carousel (titles cut at 30 characters, full title on hover). */
export function SubMenuCarousel({ items }: { items: { slug: string; title: string; url: string | null }[] }) {
  const row = useRef<HTMLUListElement>(null);
  const scroll = (dir: number) => row.current?.scrollBy({ left: dir * row.current.clientWidth * 0.8, behavior: "smooth" });
  return (
    <nav aria-label="Sub-pages" className="flex items-center gap-2">
      <button type="button" onClick={() => scroll(-1)} className="hidden shrink-0 rounded-full border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 md:block" aria-label="Scroll sub-pages left">
        <Icon name="chevron-left" className="h-4 w-4" />
      </button>
      <ul ref={row} className="flex min-w-0 flex-1 snap-x gap-2 overflow-x-auto scroll-smooth py-1 [scrollbar-width:none]">
        {items.map((m) => (
          <li key={m.slug} className="shrink-0 snap-start">
            {m.url ? (
              <a href={m.url} target="_blank" rel="noopener noreferrer" title={m.title} className="block rounded-full border border-brand-100 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-100">
                {cut(m.title, 30)}
              </a>
            ) : (
              <Link href={`/${m.slug}`} title={m.title} className="block rounded-full border border-brand-100 bg-brand-50 px-4 py-2 text-sm font-medium text-brand-700 hover:bg-brand-100">
                {cut(m.title, 30)}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => scroll(1)} className="hidden shrink-0 rounded-full border border-slate-200 bg-white p-1.5 text-slate-600 hover:bg-slate-50 md:block" aria-label="Scroll sub-pages right">
        <Icon name="chevron-right" className="h-4 w-4" />
      </button>
    </nav>
  );
}
