import { connection } from "next/server";
import { forbidden, notFound } from "next/navigation";
import { pageGuard, requireUser } from "@/lib/auth/guards";
import { getMenuBySlug } from "@/lib/menus/queries";
import { BannerArea } from "@/components/banner/banner-area";

type Props = { params: Promise<{ slug: string }> };

export default async function MenuPage({ params }: Props) {
  await connection();
  const user = await pageGuard(requireUser());
  const { slug } = await params;
  const found = await getMenuBySlug({ slug: slug.slice(0, 190), roleId: user.roleId });
  if (found.status === "not_found") notFound();
  if (found.status === "forbidden") forbidden();
  return (
    <>
      <BannerArea menuId={found.menu.id} menuTitle={found.menu.title} user={user} />
      <h1 className="text-2xl font-semibold">{found.menu.title}</h1>
    </>
  );
}
