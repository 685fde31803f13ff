import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { SessionUser } from "@/lib/auth/session";
import { unreadMustReadsCount } from "@/lib/content/must-read/queries";
import { changedRequestsCount } from "@/lib/requests/queries";

/**
 * The header's two counts in one statement on every page: unread must-reads (docs/features/must-read.md) and requests
 * decided since the user last opened My requests (docs/features/requests.md; 0 on My requests itself, which marks them seen).
 * One round trip instead of three: about 2 ms of server CPU per page (docs/benchmarks.md).
 */
export async function headerCounts(
  user: SessionUser,
  opts: { requests: boolean },
): Promise<{ unread: number; requestsChanged: number }> {
  const db = await getDb();
  const changed = opts.requests ? changedRequestsCount(user.id) : sql`0`;
  const [row] = rowsOf<{ unread: string | number; changed: string | number }>(
    await db.execute(sql`select ${await unreadMustReadsCount(user)} as unread, ${changed} as changed`),
  );
  return { unread: Number(row?.unread ?? 0), requestsChanged: Number(row?.changed ?? 0) };
}
