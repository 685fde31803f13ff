import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { getDb, schema, type Tx } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { writeAudit } from "@/lib/system/audit";
import { hashToken, newSecretToken } from "@/lib/auth/tokens";
import type { SessionUser } from "@/lib/auth/session";
import { deleteFilesOfEvents, setEventAttachments } from "./attachments/mutations";
import { withFileTransaction } from "@/lib/files/mutations";
import { bumpCalendarStamp } from "./cache";
import { occurrenceBounds, type SeriesInput } from "./recurrence";
import { MESSAGES, type EventFormValues } from "./schemas";
import { toInstant, toWall } from "@/lib/dates/wall";

const e = schema.calendarEvents;

type Meta = {
  requestId?: string | null;
  /** Field name for attachment errors (imagePath on the v1 API). */ attachmentsField?: string;
};

/** `YYYY-MM-DD` plus one day. */
function nextDate(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return new Date(d.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** Turns validated form values into the row's columns (instants in the event's zone, recurrence fields). */
export function toEventColumns(v: EventFormValues) {
  const startsAt = v.startsAt ? toInstant(v.startsAt, v.timeZone) : null;
  if (!startsAt)
    throw new AppError(422, v.startsAt ? MESSAGES.startInvalid : MESSAGES.startRequired, {
      startsAt: [v.startsAt ? MESSAGES.startInvalid : MESSAGES.startRequired],
    });
  const recursive = v.type === "recursive";
  let endsAt: Date | null = null;
  let repeatUntil: string | null = null;
  if (recursive) {
    // The first occurrence ends at the end time on the start's date (the next day when it is earlier).
    const startWall = toWall(startsAt, v.timeZone);
    const startDate = startWall.slice(0, 10);
    const endClock = v.endTime.length === 5 ? `${v.endTime}:00` : v.endTime;
    const endWall = `${endClock < startWall.slice(11, 19) ? nextDate(startDate) : startDate}T${endClock}`;
    endsAt = toInstant(endWall, v.timeZone);
    if (!endsAt) throw new AppError(422, MESSAGES.endTimeInvalid, { endTime: [MESSAGES.endTimeInvalid] });
    repeatUntil = v.repeatUntil || null;
    if (repeatUntil && repeatUntil < startDate)
      throw new AppError(422, MESSAGES.lastDateBeforeStart, { repeatUntil: [MESSAGES.lastDateBeforeStart] });
  } else {
    endsAt = v.endsAt ? toInstant(v.endsAt, v.timeZone) : null;
    if (v.endsAt && !endsAt) throw new AppError(422, MESSAGES.endInvalid, { endsAt: [MESSAGES.endInvalid] });
    if (endsAt && endsAt < startsAt)
      throw new AppError(422, MESSAGES.endBeforeStart, { endsAt: [MESSAGES.endBeforeStart] });
  }
  const weekly = recursive && v.recurrence === "weekly";
  const series: SeriesInput = {
    type: v.type,
    recurrence: recursive ? v.recurrence : null,
    daysOfWeek: weekly ? [...new Set(v.daysOfWeek)].sort((a, b) => a - b) : null,
    interval: weekly ? v.interval : 1,
    startsAt,
    endsAt,
    repeatUntil,
    timeZone: v.timeZone,
  };
  return {
    title: v.title,
    calendarKeyId: v.calendarKeyId,
    keyDescription: v.keyDescription,
    description: v.description,
    status: v.status,
    type: series.type,
    recurrence: series.recurrence,
    daysOfWeek: series.daysOfWeek,
    repeatInterval: series.interval ?? 1,
    startsAt,
    endsAt,
    repeatUntil,
    timeZone: v.timeZone,
    contactPerson: v.contactPerson,
    contactEmail: v.contactEmail,
    contactNumber: v.contactNumber,
    ...occurrenceBounds(series),
  };
}

async function assertKeyUsable(tx: Tx, keyId: number, currentKeyId: number | null) {
  const [key] = await tx
    .select({ id: schema.calendarKeys.id, status: schema.calendarKeys.status })
    .from(schema.calendarKeys)
    .where(eq(schema.calendarKeys.id, keyId));
  // An inactive key may stay on an event that already has it, but cannot be newly chosen.
  if (!key || (key.status !== "active" && key.id !== currentKeyId)) {
    throw new AppError(422, MESSAGES.keyRequired, { calendarKeyId: [MESSAGES.keyRequired] });
  }
}

/**
 * Creates or (with `id`) updates an event in one transaction with its attachments and an audit row.
 * Callers have checked the manageEvents capability (createAction / withApi).
 */
export async function saveEvent(
  v: EventFormValues,
  actor: SessionUser,
  meta: Meta = {},
): Promise<{ id: number; created: boolean }> {
  const columns = toEventColumns(v);
  return withFileTransaction(async (tx) => {
    if (v.id) {
      const [before] = await tx.select().from(e).where(eq(e.id, v.id)).for("update");
      if (!before) throw new AppError(404, "Event not found.");
      await assertKeyUsable(tx, columns.calendarKeyId, before.calendarKeyId);
      const [after] = await tx
        .update(e)
        .set({ ...columns, updatedBy: actor.id })
        .where(eq(e.id, v.id))
        .returning();
      await setEventAttachments(tx, { eventId: v.id, paths: v.attachments, user: actor, field: meta.attachmentsField });
      await bumpCalendarStamp(tx);
      await writeAudit(
        {
          actorId: actor.id,
          action: "update",
          entity: "calendar_event",
          entityId: v.id,
          before,
          after,
          requestId: meta.requestId,
        },
        tx,
      );
      return { id: v.id, created: false };
    }
    await assertKeyUsable(tx, columns.calendarKeyId, null);
    const [row] = await tx
      .insert(e)
      .values({ ...columns, createdBy: actor.id })
      .returning();
    await setEventAttachments(tx, { eventId: row.id, paths: v.attachments, user: actor, field: meta.attachmentsField });
    await bumpCalendarStamp(tx);
    await writeAudit(
      {
        actorId: actor.id,
        action: "create",
        entity: "calendar_event",
        entityId: row.id,
        after: row,
        requestId: meta.requestId,
      },
      tx,
    );
    return { id: row.id, created: true };
  });
}

/** Deletes events with their files (rows now, bytes after commit) and one audit row each. 404 when none exists. */
export async function deleteEvents(ids: number[], actor: SessionUser, meta: Meta = {}): Promise<number> {
  return withFileTransaction(async (tx) => {
    await deleteFilesOfEvents(tx, ids);
    const rows = await tx.delete(e).where(inArray(e.id, ids)).returning();
    if (rows.length === 0) throw new AppError(404, "Event not found.");
    await bumpCalendarStamp(tx);
    for (const row of rows) {
      await writeAudit(
        {
          actorId: actor.id,
          action: "delete",
          entity: "calendar_event",
          entityId: row.id,
          before: row,
          requestId: meta.requestId,
        },
        tx,
      );
    }
    return rows.length;
  });
}

/** A new private subscription link for the user (all keys or one key). The secret is shown once. */
export async function createFeedToken(
  userId: number,
  calendarKeyId: number | null,
): Promise<{ id: number; token: string }> {
  const db = await getDb();
  if (calendarKeyId) {
    const [key] = await db
      .select({ id: schema.calendarKeys.id })
      .from(schema.calendarKeys)
      .where(eq(schema.calendarKeys.id, calendarKeyId));
    if (!key) throw new AppError(422, MESSAGES.keyRequired, { calendarKeyId: [MESSAGES.keyRequired] });
  }
  const token = newSecretToken(48);
  const [row] = await db
    .insert(schema.calendarFeedTokens)
    .values({ userId, calendarKeyId, tokenHash: hashToken(token) })
    .returning({ id: schema.calendarFeedTokens.id });
  await writeAudit({
    actorId: userId,
    action: "create",
    entity: "calendar_feed_token",
    entityId: row.id,
    after: { calendarKeyId },
  });
  return { id: row.id, token };
}

/** Revokes one of the user's own links (another user's id is "not found"). */
export async function revokeFeedToken(userId: number, id: number): Promise<void> {
  const db = await getDb();
  const t = schema.calendarFeedTokens;
  const rows = await db
    .update(t)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.revokedAt)))
    .returning({ id: t.id });
  if (rows.length === 0) throw new AppError(404, "Subscription link not found.");
  await writeAudit({ actorId: userId, action: "revoke", entity: "calendar_feed_token", entityId: id });
}

/**
 * Resets one of the user's own links: the old URL stops at once and a new one for the same key takes
 * its place (its secret shown once), in one transaction. Another user's or a revoked id is "not found".
 */
export async function resetFeedToken(userId: number, id: number): Promise<{ id: number; token: string }> {
  const db = await getDb();
  const t = schema.calendarFeedTokens;
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(t)
      .set({ revokedAt: new Date() })
      .where(and(eq(t.id, id), eq(t.userId, userId), isNull(t.revokedAt)))
      .returning({ id: t.id, calendarKeyId: t.calendarKeyId });
    if (!old) throw new AppError(404, "Subscription link not found.");
    const token = newSecretToken(48);
    const [row] = await tx
      .insert(t)
      .values({ userId, calendarKeyId: old.calendarKeyId, tokenHash: hashToken(token) })
      .returning({ id: t.id });
    await writeAudit(
      {
        actorId: userId,
        action: "reset",
        entity: "calendar_feed_token",
        entityId: row.id,
        before: { id: old.id },
        after: { calendarKeyId: old.calendarKeyId },
      },
      tx,
    );
    return { id: row.id, token };
  });
}

/**
 * Ends every subscription link of a user, in the caller's transaction: a password change or a role
 * change by an administrator resets them (a link copied by whoever had the account keeps no access).
 */
export async function revokeAllFeedTokens(tx: Tx, userId: number, now = new Date()): Promise<number> {
  const t = schema.calendarFeedTokens;
  const rows = await tx
    .update(t)
    .set({ revokedAt: now })
    .where(and(eq(t.userId, userId), isNull(t.revokedAt)))
    .returning({ id: t.id });
  return rows.length;
}

/** Records that a feed was read (at most once a minute per link, to spare writes). */
export async function touchFeedToken(id: number, lastUsedAt: Date | null) {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < 60_000) return;
  const db = await getDb();
  await db
    .update(schema.calendarFeedTokens)
    .set({ lastUsedAt: new Date() })
    .where(eq(schema.calendarFeedTokens.id, id));
}

/**
 * Sets the calendar keys a calendar menu page shows (none: every key), in one transaction with an audit
 * row. Callers have checked that the actor administers the back office. 404 for a menu that is not a
 * calendar page, 422 for a key that does not exist.
 */
export async function setMenuCalendarKeys(
  menuId: number,
  keyIds: number[],
  actor: SessionUser,
  meta: Meta = {},
): Promise<number[]> {
  const ids = [...new Set(keyIds)].sort((a, b) => a - b);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [menu] = await tx
      .select({ id: schema.menus.id, pageTypes: schema.menus.pageTypes })
      .from(schema.menus)
      .where(eq(schema.menus.id, menuId))
      .for("update");
    if (!menu || !menu.pageTypes.includes(3)) throw new AppError(404, "Calendar page not found.");
    if (ids.length) {
      const found = await tx
        .select({ id: schema.calendarKeys.id })
        .from(schema.calendarKeys)
        .where(inArray(schema.calendarKeys.id, ids));
      if (found.length !== ids.length)
        throw new AppError(422, "Choose existing calendar keys.", { keyIds: ["Choose existing calendar keys."] });
    }
    const m = schema.menuCalendarKeys;
    const before = (await tx.select({ id: m.calendarKeyId }).from(m).where(eq(m.menuId, menuId)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
    await tx.delete(m).where(eq(m.menuId, menuId));
    if (ids.length) await tx.insert(m).values(ids.map((calendarKeyId) => ({ menuId, calendarKeyId })));
    await bumpCalendarStamp(tx);
    await writeAudit(
      {
        actorId: actor.id,
        action: "update",
        entity: "menu_calendar_keys",
        entityId: menuId,
        before: { keyIds: before },
        after: { keyIds: ids },
        requestId: meta.requestId,
      },
      tx,
    );
    return ids;
  });
}
