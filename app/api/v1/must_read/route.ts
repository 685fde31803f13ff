import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { listMustReads } from "@/lib/content/must-read/queries";

/**
 * GET /api/v1/must_read: the caller's must-read posts (addressed to them and published), newest
 * first, each with its due date and whether (and when) they acknowledged it.
 */
export const GET = withApi({}, {}, async ({ user }) => {
  const rows = await listMustReads(user);
  return ok({
    must_read: rows.map((r) => ({
      salesId: r.id,
      title: r.title,
      slug: r.slug,
      menu_title: r.menuTitle,
      published_at: r.publishedAt.toISOString(),
      due_at: r.dueAt?.toISOString() ?? null,
      overdue: r.overdue,
      /** A new acknowledgement round ('Needs acknowledging again') not yet acknowledged. */
      updated: r.updated,
      acknowledged: r.acknowledgedAt != null,
      acknowledged_at: r.acknowledgedAt?.toISOString() ?? null,
    })),
    unread: rows.filter((r) => !r.acknowledgedAt).length,
  });
});
