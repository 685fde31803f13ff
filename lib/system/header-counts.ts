import "server-only";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { SessionUser } from "@/lib/auth/session";
import { unreadMustReadsCount } from "@/lib/content/must-read/queries";
import { changedRequestsCount } from "@/lib/requests/queries";
import { waitingForMeCount } from "@/lib/requests/approvals";

/**
 * The header's counts in one statement on every page: unread must-reads (docs/features/must-read.md), requests
 * decided since the user last opened My requests (docs/features/requests.md; 0 on My requests itself, which marks them
 * seen), and the requests waiting for the user's decision (0 for those who decide none).
 * One round trip instead of three: about 2 ms of server CPU per page (docs/benchmarks.md).
 */
export async function headerCounts(
  user: SessionUser,
  opts: { requests: boolean },
): Promise<{ unread: number; requestsChanged: number; waiting: number }> {
  const db = await getDb();
  const changed = opts.requests ? changedRequestsCount(user.id) : sql`0`;
  const [row] = rowsOf<{ unread: string | number; changed: string | number; waiting: string | number }>(
    await db.execute(
      sql`select ${await unreadMustReadsCount(user)} as unread, ${changed} as changed, ${waitingForMeCount(user)} as waiting`,
    ),
  );
  return {
    unread: Number(row?.unread ?? 0),
    requestsChanged: Number(row?.changed ?? 0),
    waiting: Number(row?.waiting ?? 0),
  };
}
