import type { NextRequest } from "next/server";
import { publicRoute } from "@/lib/api/public-route";
import { hashToken } from "@/lib/auth/tokens";
import { publicOrigin } from "@/lib/http/forwarded";
import { logger, requestIdFrom } from "@/lib/log";
import { buildIcs } from "@/lib/calendar/ics";
import { touchFeedToken } from "@/lib/calendar/mutations";
import { getFeedByTokenHash, listFeedEvents } from "@/lib/calendar/queries";

const YEAR = 365 * 86_400_000;

function notFound() {
  return new Response("Not found\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * GET /api/calendar/feed/{token}.ics : a user's private ICS subscription (Outlook, Google Calendar).
 * Public by necessity (calendar apps send no session), so the secret in the URL is the credential: only
 * its sha256 is stored, a revoked link or a disabled owner answers 404. Active events only; recurring
 * series as RRULE; normal events from the last year on.
 */
export const GET = publicRoute(async (req: NextRequest, ctx: { params: Promise<{ token: string }> }) => {
  const requestId = requestIdFrom(req.headers);
  try {
    const { token: raw } = await ctx.params;
    const token = raw.replace(/\.ics$/i, "");
    if (!/^[A-Za-z0-9]{48}$/.test(token)) return notFound();
    const feed = await getFeedByTokenHash({ tokenHash: hashToken(token) });
    if (!feed) return notFound();
    const events = await listFeedEvents({ keyId: feed.calendarKeyId, since: new Date(Date.now() - YEAR) });
    const ics = buildIcs({
      name: feed.keyName ? `Portal Calendar: ${feed.keyName}` : "Portal Calendar",
      host: new URL(publicOrigin()).hostname,
      events,
    });
    await touchFeedToken(feed.id, feed.lastUsedAt);
    return new Response(ics, {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="calendar.ics"',
        "cache-control": "private, max-age=300",
        "x-request-id": requestId,
      },
    });
  } catch (err) {
    logger.error({ err, requestId }, "calendar feed error");
    return new Response("Something went wrong. Please try again.\n", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
});
