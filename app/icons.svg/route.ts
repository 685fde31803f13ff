import { publicRoute } from "@/lib/api/public-route";
import { iconSprite } from "@/components/ui/icon-set";

/** Built once at build time: the URL carries the sprite's version (ICON_SPRITE_URL). */
export const dynamic = "force-static";

/** The icon sprite every <Icon> refers to (public: the sign-in page draws icons too). */
export const GET = publicRoute(async () => {
  return new Response(iconSprite(), {
    headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=31536000, immutable" },
  });
});
