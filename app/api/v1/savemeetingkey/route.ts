import { saveColorOptionRoute } from "@/lib/backoffice/color-option-api";

/** POST /api/v1/savemeetingkey (administrators): see lib/backoffice/color-option-api.ts. */
export const POST = saveColorOptionRoute("key");
