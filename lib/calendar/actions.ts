"use server";
import { z } from "zod";
import { headers } from "next/headers";
import { createAction } from "@/lib/actions/action";
import { requestIdFrom } from "@/lib/log";
import {
  createFeedToken,
  deleteEvents,
  resetFeedToken,
  revokeFeedToken,
  saveEvent,
  setMenuCalendarKeys,
} from "./mutations";
import { listFeedTokens } from "./queries";
import {
  deleteEventsSchema,
  eventFormSchema,
  feedTokenSchema,
  menuCalendarKeysSchema,
  revokeFeedTokenSchema,
} from "./schemas";

async function requestId() {
  return requestIdFrom(await headers());
}

/** Creates or updates a calendar event (roles 1 and 2). */
export const saveEventAction = createAction({ capability: "manageEvents" }, eventFormSchema, async (input, user) => {
  const result = await saveEvent(input, user, { requestId: await requestId() });
  return {
    ok: true as const,
    data: result,
    message: result.created ? "Event Added Successfully" : "Event Updated Successfully",
  };
});

/** Deletes calendar events (roles 1 and 2). */
export const deleteEventsAction = createAction(
  { capability: "manageEvents" },
  deleteEventsSchema,
  async (input, user) => {
    const deleted = await deleteEvents(input.ids, user, { requestId: await requestId() });
    return { ok: true as const, data: { deleted }, message: "You successfully deleted the record(s)." };
  },
);

/** Chooses the calendar keys a calendar page shows (administrators only). */
export const setMenuCalendarKeysAction = createAction(
  { capability: "manageBackOffice" },
  menuCalendarKeysSchema,
  async (input, user) => {
    const keyIds = await setMenuCalendarKeys(input.menuId, input.keyIds, user, { requestId: await requestId() });
    return {
      ok: true as const,
      data: { keyIds },
      message: keyIds.length ? "The page now shows the chosen keys." : "The page now shows every key.",
    };
  },
);

export type FeedLink = { id: number; keyName: string | null; createdAt: string; lastUsedAt: string | null };

async function feedLinksOf(userId: number): Promise<FeedLink[]> {
  const rows = await listFeedTokens({ userId });
  return rows.map((r) => ({
    id: r.id,
    keyName: r.keyName,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The signed-in user's subscription links. */
export const listFeedLinksAction = createAction({}, z.object({}), async (_input, user) => feedLinksOf(user.id));

/** A new private ICS link (all keys or one); the path holds the secret and is shown once. */
export const createFeedLinkAction = createAction({}, feedTokenSchema, async (input, user) => {
  const keyId = typeof input.calendarKeyId === "number" ? input.calendarKeyId : null;
  const { token } = await createFeedToken(user.id, keyId);
  return { path: `/api/calendar/feed/${token}.ics`, links: await feedLinksOf(user.id) };
});

/** Resets one of the user's links: the old URL stops working at once; the new path is shown once. */
export const resetFeedLinkAction = createAction({}, revokeFeedTokenSchema, async (input, user) => {
  const { token } = await resetFeedToken(user.id, input.id);
  return { path: `/api/calendar/feed/${token}.ics`, links: await feedLinksOf(user.id) };
});

/** Revokes one of the user's links: the URL stops working at once. */
export const revokeFeedLinkAction = createAction({}, revokeFeedTokenSchema, async (input, user) => {
  await revokeFeedToken(user.id, input.id);
  return feedLinksOf(user.id);
});
