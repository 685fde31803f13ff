import { suggestionList } from "@/lib/forms/suggestions/list";

/** GET /api/export/improvement-suggestions?... : the signed link's CSV or XLSX (the user's own scope). */
export const GET = suggestionList.exportRoute();
