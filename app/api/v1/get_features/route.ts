import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listFeatures } from "@/lib/menus/queries";

/** GET /api/v1/get_features: the page types a menu can have (1 discussion, 2 attachment, 3 calendar). */
export const GET = withApi({}, {}, async () => ok(await listFeatures()));
