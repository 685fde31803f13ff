import { toggleColorOptionRoute } from "@/lib/backoffice/color-option-api";

/** POST /api/v1/changeattachmentstatus (administrators): see lib/backoffice/color-option-api.ts. */
export const POST = toggleColorOptionRoute("group");
