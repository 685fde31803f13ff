import { z } from "zod";
import { withApi } from "@/lib/api/with-api";
import { ok } from "@/lib/api/envelope";
import { readStatus } from "@/lib/content/must-read/queries";
import { idSchema } from "@/lib/content/schemas";

const query = z.object({ salesId: z.coerce.number({ error: "The post id is required." }).pipe(idSchema) });

/**
 * GET /api/v1/read_status?salesId= (administrators): the post's audience as acknowledged / seen / not
 * yet, in total and per location, with the names.
 */
export const GET = withApi({ capability: "manageContent" }, { query }, async ({ user, query }) => {
  const status = await readStatus(query.salesId, user);
  const counts = (c: { audience: number; acknowledged: number; seen: number; notYet: number }) => ({
    audience: c.audience,
    acknowledged: c.acknowledged,
    seen: c.seen,
    not_yet: c.notYet,
  });
  return ok({
    salesId: status.post.id,
    title: status.post.title,
    must_read: status.post.mustRead,
    due_at: status.post.dueAt?.toISOString() ?? null,
    published_at: status.post.publishedAt.toISOString(),
    reminded_at: status.post.remindedAt?.toISOString() ?? null,
    totals: counts(status.totals),
    locations: status.locations.map((l) => ({
      location_id: l.locationId,
      location_name: l.locationName,
      ...counts(l),
      readers: l.readers.map((r) => ({
        user_id: r.userId,
        name: r.name,
        state: r.state,
        acknowledged_at: r.acknowledgedAt?.toISOString() ?? null,
        last_seen_at: r.lastSeenAt?.toISOString() ?? null,
      })),
    })),
  });
});
