import { saveColorOptionRoute } from "@/lib/backoffice/color-option-api";

/** POST /api/v1/savegroup (administrators): see lib/backoffice/color-option-api.ts. */
export const POST = saveColorOptionRoute("group");
