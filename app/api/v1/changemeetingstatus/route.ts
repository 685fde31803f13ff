import { toggleColorOptionRoute } from "@/lib/backoffice/color-option-api";

/** POST /api/v1/changemeetingstatus (administrators): see lib/backoffice/color-option-api.ts. */
export const POST = toggleColorOptionRoute("key");
