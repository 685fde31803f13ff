import { withApi } from "@/lib/api/with-api";
import { suggestionList } from "@/lib/forms/suggestions/queries";

/** GET /api/export/improvement-suggestions?... (signed-in; the user's own scope): the signed link's CSV or XLSX. */
export const GET = withApi({}, {}, suggestionList.exportHandler);
