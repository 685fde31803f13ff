import type { BannerView } from "./queries";

/** The v1 shape of a banner (get_menu_details `banner`, add_banner). */
export function bannerToApi(b: BannerView | null) {
  return b ? { id: b.id, status: b.status, url: b.url, image_size: b.size, width: b.width, height: b.height } : null;
}
