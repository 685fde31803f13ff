import { roleCan } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";
import { getBannerForMenu } from "@/lib/files/banners/queries";
import { AdminBanner } from "./lazy";

type Props = { menuId: number; menuTitle: string; user: SessionUser };

/**
 * The banner at the top of a content page. Everyone sees an active banner; role 1 also sees an
 * inactive one (dimmed), the show/hide and delete controls, and the upload area when there is none.
 */
export async function BannerArea({ menuId, menuTitle, user }: Props) {
  const isAdmin = roleCan(user.roleId, "manageContent");
  const banner = await getBannerForMenu({ menuId, roleId: user.roleId, stamp: user.configStamp });
  const image = banner && (
    // eslint-disable-next-line @next/next/no-img-element
    <img
      src={banner.url}
      alt={`${menuTitle} banner`}
      width={banner.width ?? undefined}
      height={banner.height ?? undefined}
      className={`block h-auto max-h-80 w-full object-cover ${banner.status === "inactive" ? "opacity-40 grayscale" : ""}`}
    />
  );
  if (isAdmin) {
    return (
      <AdminBanner menuId={menuId} status={banner?.status ?? null}>
        {image}
      </AdminBanner>
    );
  }
  if (!banner) return null;
  // Everyone else: the image only, no script.
  return (
    <div className="mb-6">
      <section aria-label="Banner" className="relative overflow-hidden rounded-lg bg-slate-200">
        {image}
      </section>
    </div>
  );
}
