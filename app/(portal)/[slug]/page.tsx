import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { getCurrentUser, pageGuard, requireUser } from "@/lib/auth/guards";
import { getMenuBySlug } from "@/lib/menus/queries";
import { BannerArea } from "@/components/banner/banner-area";
import { CalendarPage } from "@/components/calendar/calendar-page";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const user = await getCurrentUser();
  if (!user) return {};
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId, stamp: user.configStamp });
  return found.status === "ok" ? { title: found.menu.title } : {};
}

/** A menu page (CommonPage): title, then the page's content (tabs come with the content issue). */
export default async function MenuPage({ params, searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId, stamp: user.configStamp });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  // Page type 3: the calendar (issue 5).
  if (found.menu.pageTypes.includes(3)) {
    return (
      <>
        <div className="mx-auto max-w-6xl">
          <BannerArea menuId={found.menu.id} menuTitle={found.menu.title} user={user} />
        </div>
        <CalendarPage menu={found.menu} user={user} searchParams={await searchParams} />
      </>
    );
  }
  const { menu } = found;
  return (
    <div className="mx-auto max-w-6xl">
      <BannerArea menuId={menu.id} menuTitle={menu.title} user={user} />
      {menu.parent && (
        <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-500">
          <Link href={`/${menu.parent.slug}`} className="hover:text-brand-700 hover:underline">
            {menu.parent.title}
          </Link>
        </nav>
      )}
      <h1 className="text-2xl font-semibold break-words text-slate-900 md:text-3xl">{menu.title}</h1>
      <section aria-label="Page content" className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
        Nothing has been posted on this page yet.
      </section>
    </div>
  );
}
