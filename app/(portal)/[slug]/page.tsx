import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getMenuBySlug } from "@/lib/menus/queries";
import { CalendarPage } from "@/components/calendar/calendar-page";

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MenuPage({ params, searchParams }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  // Page type 3: the calendar (issue 5).
  if (found.menu.pageTypes.includes(3)) return <CalendarPage menu={found.menu} user={user} searchParams={await searchParams} />;
  return <h1 className="text-2xl font-semibold">{found.menu.title}</h1>;
}
