/**
 * Where the page banner goes (the banner area of the files issue: image, role-1 status toggle, delete,
 * upload). Wired in once components/banner lands on main.
 */
export function BannerSlot(_props: { menuId: number; slug: string; isAdmin: boolean }) {
  return null;
}
