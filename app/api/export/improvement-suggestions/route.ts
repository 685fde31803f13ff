import { withApi } from "@/lib/api/with-api";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { exportRoute } from "@/app/api/_lib/list-routes";

/** GET /api/export/improvement-suggestions?... (signed-in; the user's own scope): the signed link's CSV or XLSX. */
export const GET = withApi({}, {}, exportRoute(suggestionList));
