import { nodeApiRoute } from "@/lib/api/node-route";
import { storeMediaBanner } from "@/lib/files/upload-routes";

/** POST /api/v1/store_media_banner: see pages/api/v1/store_document.ts; the handler is lib/files/upload-routes.ts. */
export const config = { api: { bodyParser: false } };

export default nodeApiRoute({ POST: storeMediaBanner });
