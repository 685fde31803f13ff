import "server-only";
import { PERMISSION } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session";

/** Whether the user holds the form email manager's permission (pages show the no-access panel otherwise). */
export const mayManageFormEmails = (user: SessionUser) => user.permissions.includes(PERMISSION.formEmailManager);
