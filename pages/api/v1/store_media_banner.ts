import { nodeApiRoute } from "@/lib/api/node-route";
import { storeMediaBanner } from "@/lib/files/api";

/** POST /api/v1/store_media_banner: see pages/api/v1/store_document.ts; the handler is lib/files/api.ts. */
export const config = { api: { bodyParser: false } };

export default nodeApiRoute({ POST: storeMediaBanner });
