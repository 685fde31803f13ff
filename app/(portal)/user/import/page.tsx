import type { Metadata } from "next";
import { pageGuard, requireCapability } from "@/lib/auth/guards";
import { USER_EXPORT_COLUMNS } from "@/lib/users/columns";
import { ImportUsers } from "./_components/import-users";

export const metadata: Metadata = { title: "Import users" };

/** Import users from a CSV (administrators; others get the 403 page): upload, preview row by row, import. */
export default async function ImportUsersPage() {
  await pageGuard(requireCapability("manageBackOffice"));
  return <ImportUsers columns={USER_EXPORT_COLUMNS.map((c) => c.header)} />;
}
