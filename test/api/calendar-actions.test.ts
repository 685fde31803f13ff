import { beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { schema } from "@/lib/db";
import type { EventFormInput } from "@/lib/calendar/schemas";
import {
  createFeedLinkAction,
  deleteEventsAction,
  listFeedLinksAction,
  resetFeedLinkAction,
  revokeFeedLinkAction,
  saveEventAction,
  setMenuCalendarKeysAction,
} from "@/lib/calendar/actions";
import { getEventById, getFeedByTokenHash, listMenuCalendarKeyIds, listOccurrences } from "@/lib/calendar/queries";
import { hashToken } from "@/lib/auth/tokens";
import { toApiEventDetail } from "@/lib/calendar/api";
import { eventFormValuesOf } from "@/lib/calendar/form-values";

const t = setupTestDatabase();

async function signIn(username: string) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
}

const count = async () =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.calendarEvents)
  )[0].n;

async function keyId() {
  const [key] = await t
    .db()
    .select()
    .from(schema.calendarKeys)
    .where(eq(schema.calendarKeys.status, "active"))
    .limit(1);
  return key.id;
}

const form = async (over: Partial<EventFormInput> = {}): Promise<EventFormInput> => ({
  title: "Form event",
  calendarKeyId: String(await keyId()),
  keyDescription: "",
  description: "From the form",
  status: "active",
  type: "normal",
  recurrence: "monthly",
  daysOfWeek: ["1"],
  interval: "1",
  startsAt: "2026-04-02T00:00",
  endsAt: "2026-04-02T23:59",
  endTime: "",
  repeatUntil: "",
  timeZone: "Europe/Berlin",
  contactPerson: "",
  contactEmail: "",
  contactNumber: "",
  attachments: [],
  ...over,
});

beforeEach(() => cookieJar.clear());

/** What getevent answers for an event (the edit form opens from it). */
async function detailOf(id: number) {
  const d = await getEventById({ id, includeInactive: true });
  if (!d) throw new Error(`no event ${id}`);
  return toApiEventDetail(d, null);
}

describe("saveEventAction (the form's server action, same schema)", () => {
  it("role 2 saves the day-click default as an all-day event in the form's zone", async () => {
    await signIn("manager");
    const res = await saveEventAction(await form({ title: "All-day from the form" }));
    expect(res).toMatchObject({ ok: true, message: "Event Added Successfully", data: { created: true } });
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "All-day from the form"));
    expect(row.startsAt?.toISOString()).toBe("2026-04-01T22:00:00.000Z"); // midnight in Berlin (CEST)
    expect(row.timeZone).toBe("Europe/Berlin");
    expect(row.createdBy).not.toBeNull();
  });

  it("a weekly series from the form keeps its start, times, weekdays, step and last date; nothing before its start", async () => {
    await signIn("admin");
    const res = await saveEventAction(
      await form({
        title: "Weekly from the form",
        type: "recursive",
        recurrence: "weekly",
        daysOfWeek: ["5", "2"],
        interval: "2",
        startsAt: "2026-12-01T09:30",
        endsAt: "",
        endTime: "10:15",
        repeatUntil: "2027-03-31",
      }),
    );
    expect(res.ok).toBe(true);
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Weekly from the form"));
    expect(row).toMatchObject({
      recurrence: "weekly",
      daysOfWeek: [2, 5],
      repeatInterval: 2,
      repeatUntil: "2027-03-31",
      timeZone: "Europe/Berlin",
    });
    expect(row.startsAt?.toISOString()).toBe("2026-12-01T08:30:00.000Z"); // 09:30 in Berlin (CET)
    expect(row.endsAt?.toISOString()).toBe("2026-12-01T09:15:00.000Z");
    const all = await listOccurrences({
      start: new Date("2020-01-01T00:00:00Z"),
      end: new Date("2027-12-31T00:00:00Z"),
      includeInactive: true,
    });
    const mine = all.filter((o) => o.eventId === row.id).map((o) => new Date(o.occurrence.start).toISOString());
    expect(mine.slice(0, 4)).toEqual([
      "2026-12-01T08:30:00.000Z",
      "2026-12-04T08:30:00.000Z",
      "2026-12-15T08:30:00.000Z",
      "2026-12-18T08:30:00.000Z",
    ]);
    expect(mine.at(-1)! < "2027-04-01").toBe(true);
    expect(
      all
        .filter((o) => o.eventId === row.id)
        .every((o) => !o.occurrence.allDay && o.occurrence.end - o.occurrence.start === 45 * 60_000),
    ).toBe(true);
  });

  it("a series needs a start, an end time and a weekday; its last date cannot be before its start", async () => {
    await signIn("admin");
    const res = await saveEventAction(
      await form({
        type: "recursive",
        recurrence: "weekly",
        daysOfWeek: [],
        startsAt: "",
        endTime: "",
        repeatUntil: "",
      }),
    );
    expect(res).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: {
        startsAt: ["Start Date Required"],
        endTime: ["End Time Required"],
        daysOfWeek: ["Please select at least one Day Of Week"],
      },
    });
    const early = await saveEventAction(
      await form({
        type: "recursive",
        recurrence: "monthly",
        startsAt: "2026-05-10T09:00",
        endTime: "10:00",
        repeatUntil: "2026-05-09",
      }),
    );
    expect(early).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { repeatUntil: ["Last Date cannot be before the Start Date"] },
    });
  });

  it("the seeded Monday Sales Meeting keeps its time and range when only its description changes", async () => {
    await signIn("manager");
    const [seeded] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Monday Sales Meeting"));
    const values = eventFormValuesOf(await detailOf(seeded.id));
    expect(values).toMatchObject({
      type: "recursive",
      recurrence: "weekly",
      daysOfWeek: ["1"],
      startsAt: expect.stringMatching(/T09:00$/),
      endTime: "10:00",
    });
    const res = await saveEventAction({ ...values, description: "Bring the forecast." });
    expect(res).toMatchObject({ ok: true, message: "Event Updated Successfully" });
    const [after] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.id, seeded.id));
    expect({
      ...after,
      description: seeded.description,
      updatedAt: seeded.updatedAt,
      updatedBy: seeded.updatedBy,
    }).toEqual(seeded);
    const year = await listOccurrences({
      start: new Date("2000-01-01T00:00:00Z"),
      end: new Date(seeded.startsAt!.getTime() - 1),
      includeInactive: false,
    });
    expect(year.filter((o) => o.eventId === seeded.id)).toEqual([]);
  });

  it("editing one field of an event changes that field only (each field alone)", async () => {
    await signIn("admin");
    const keys = await t.db().select().from(schema.calendarKeys).where(eq(schema.calendarKeys.status, "active"));
    const created = await saveEventAction(
      await form({
        title: "Each field alone",
        calendarKeyId: String(keys[0].id),
        keyDescription: "Room 4",
        description: "Agenda",
        type: "recursive",
        recurrence: "weekly",
        daysOfWeek: ["1", "3"],
        interval: "1",
        startsAt: "2026-11-02T09:00",
        endTime: "10:00",
        repeatUntil: "2028-11-27",
        contactPerson: "Ann Lee",
        contactEmail: "ann@example.com",
        contactNumber: "555 123 4567",
      }),
    );
    expect(created.ok).toBe(true);
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Each field alone"));
    // Each edit starts from what the edit form shows for the stored event, changes one field, saves.
    const edits: Array<[keyof EventFormInput, unknown]> = [
      ["title", "Each field alone, renamed"],
      ["calendarKeyId", keys[1].id],
      ["keyDescription", "Room 5"],
      ["description", "New agenda"],
      ["status", "inactive"],
      ["daysOfWeek", ["2", "4"]],
      ["interval", 3],
      ["startsAt", "2026-11-09T08:30"],
      ["endTime", "11:45"],
      ["repeatUntil", "2029-01-01"],
      ["contactPerson", "Bo Chen"],
      ["contactEmail", "bo@example.com"],
      ["contactNumber", "(555) 987-6543"],
      ["recurrence", "monthly"],
    ];
    for (const [field, value] of edits) {
      const before = eventFormValuesOf(await detailOf(row.id));
      const res = await saveEventAction({ ...before, [field]: value });
      expect(res, field).toMatchObject({ ok: true });
      const after = eventFormValuesOf(await detailOf(row.id));
      const expected = { ...before, [field]: value };
      if (field === "recurrence") Object.assign(expected, { daysOfWeek: ["1"], interval: 1 }); // weekly series' own fields
      if (field === "calendarKeyId") expected.calendarKeyId = keys[1].id;
      expect(after, field).toEqual(expected);
    }
  });

  it("answers the field messages for bad input and writes nothing", async () => {
    await signIn("admin");
    const before = await count();
    const res = await saveEventAction(
      await form({
        title: "",
        calendarKeyId: "",
        contactEmail: "x@",
        contactNumber: "abc",
        endsAt: "2026-04-01T10:00:00",
      }),
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.status).toBe(422);
    expect(res.fieldErrors).toMatchObject({
      title: ["Title Required"],
      calendarKeyId: ["Please select Calendar Key"],
      contactEmail: ["Please Enter Valid Contact Email"],
      contactPerson: ["Please Enter Contact Person First"],
      contactNumber: ["Contact Number Must Be Numeric"],
      endsAt: ["End DateTime cannot be before Start DateTime"],
    });
    expect(await count()).toBe(before);
  });

  it("refuses role 3 with 403 and writes nothing; refuses a signed-out caller with 401", async () => {
    const before = await count();
    await signIn("staff");
    expect(await saveEventAction(await form())).toMatchObject({ ok: false, status: 403 });
    cookieJar.clear();
    expect(await saveEventAction(await form())).toMatchObject({ ok: false, status: 401 });
    expect(await count()).toBe(before);
  });

  it("refuses an inactive key for a new event but keeps it on an event that has it", async () => {
    await signIn("admin");
    const [key] = await t
      .db()
      .insert(schema.calendarKeys)
      .values({ name: "Retired key", status: "active" })
      .returning();
    const ok = await saveEventAction(await form({ title: "On a key about to retire", calendarKeyId: String(key.id) }));
    expect(ok.ok).toBe(true);
    await t.db().update(schema.calendarKeys).set({ status: "inactive" }).where(eq(schema.calendarKeys.id, key.id));
    const fresh = await saveEventAction(await form({ title: "New on a retired key", calendarKeyId: String(key.id) }));
    expect(fresh).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { calendarKeyId: ["Please select Calendar Key"] },
    });
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "On a key about to retire"));
    const edit = await saveEventAction(
      await form({ id: row.id, title: "Still on the retired key", calendarKeyId: String(key.id) }),
    );
    expect(edit).toMatchObject({ ok: true, message: "Event Updated Successfully" });
  });

  it("refuses an attachment path that is not an upload of the caller", async () => {
    await signIn("admin");
    const res = await saveEventAction(
      await form({ attachments: ["event/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf"] }),
    );
    expect(res).toMatchObject({ ok: false, status: 422, fieldErrors: { attachments: ["File not found."] } });
    expect(await saveEventAction(await form({ attachments: ["../../etc/passwd"] }))).toMatchObject({
      ok: false,
      status: 422,
    });
  });
});

describe("deleteEventsAction", () => {
  it("role 2 deletes; role 3 gets 403", async () => {
    await signIn("admin");
    await saveEventAction(await form({ title: "Doomed" }));
    const [row] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, "Doomed"));
    await signIn("staff");
    expect(await deleteEventsAction({ ids: [row.id] })).toMatchObject({ ok: false, status: 403 });
    await signIn("manager");
    expect(await deleteEventsAction({ ids: [row.id] })).toMatchObject({
      ok: true,
      message: "You successfully deleted the record(s).",
    });
    expect(await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.id, row.id))).toHaveLength(
      0,
    );
  });
});

describe("the keys a calendar page shows", () => {
  it("CIC Monthly Meetings shows its own key's events; only an administrator changes the choice", async () => {
    const [cic] = await t.db().select().from(schema.menus).where(eq(schema.menus.slug, "cic-monthly-meetings"));
    const [cicKey] = await t
      .db()
      .select()
      .from(schema.calendarKeys)
      .where(eq(schema.calendarKeys.name, "CIC Monthly Meeting"));
    expect(await listMenuCalendarKeyIds({ menuId: cic.id })).toEqual([cicKey.id]);
    const window = {
      start: new Date(Date.now() - 40 * 86_400_000),
      end: new Date(Date.now() + 40 * 86_400_000),
      includeInactive: false,
    };
    const onPage = await listOccurrences({ ...window, keyIds: await listMenuCalendarKeyIds({ menuId: cic.id }) });
    expect(onPage.length).toBeGreaterThan(0);
    expect(onPage.every((o) => o.keyId === cicKey.id)).toBe(true);
    expect(onPage.map((o) => o.title)).toContain("CIC Monthly Meeting");
    expect((await listOccurrences(window)).some((o) => o.title === "Monday Sales Meeting")).toBe(true);

    const [other] = await t.db().select().from(schema.calendarKeys).where(eq(schema.calendarKeys.name, "Training"));
    await signIn("manager");
    expect(await setMenuCalendarKeysAction({ menuId: cic.id, keyIds: [other.id] })).toMatchObject({
      ok: false,
      status: 403,
    });
    await signIn("staff");
    expect(await setMenuCalendarKeysAction({ menuId: cic.id, keyIds: [] })).toMatchObject({ ok: false, status: 403 });
    expect(await listMenuCalendarKeyIds({ menuId: cic.id })).toEqual([cicKey.id]);

    await signIn("admin");
    expect(await setMenuCalendarKeysAction({ menuId: cic.id, keyIds: [999_999] })).toMatchObject({
      ok: false,
      status: 422,
    });
    const [news] = await t
      .db()
      .select()
      .from(schema.menus)
      .where(sql`not (3 = any(${schema.menus.pageTypes}))`)
      .limit(1);
    expect(await setMenuCalendarKeysAction({ menuId: news.id, keyIds: [other.id] })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await setMenuCalendarKeysAction({ menuId: cic.id, keyIds: [other.id, cicKey.id] })).toMatchObject({
      ok: true,
      data: { keyIds: [cicKey.id, other.id].sort((a, b) => a - b) },
    });
    expect(await setMenuCalendarKeysAction({ menuId: cic.id, keyIds: [cicKey.id] })).toMatchObject({ ok: true });
  });
});

describe("subscription link actions", () => {
  it("any signed-in user creates, lists and revokes their own links", async () => {
    await signIn("staff");
    const created = await createFeedLinkAction({ calendarKeyId: "" });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.data.path).toMatch(/^\/api\/calendar\/feed\/[A-Za-z0-9]{48}\.ics$/);
    expect(created.data.links).toHaveLength(1);
    expect(created.data.links[0].keyName).toBeNull();
    const listed = await listFeedLinksAction({});
    expect(listed.ok && listed.data.map((l) => l.id)).toEqual([created.data.links[0].id]);
    await signIn("manager");
    expect(await revokeFeedLinkAction({ id: created.data.links[0].id })).toMatchObject({ ok: false, status: 404 });
    await signIn("staff");
    expect(await revokeFeedLinkAction({ id: created.data.links[0].id })).toMatchObject({ ok: true, data: [] });
  });

  it("'Reset link' ends the old URL at once and gives a new one for the same key; only the owner may", async () => {
    await signIn("staff");
    const [key] = await t
      .db()
      .select()
      .from(schema.calendarKeys)
      .where(eq(schema.calendarKeys.status, "active"))
      .limit(1);
    const created = await createFeedLinkAction({ calendarKeyId: key.id });
    if (!created.ok) throw new Error(created.message);
    const secretOf = (path: string) => /feed\/([A-Za-z0-9]{48})\.ics$/.exec(path)![1];
    const oldSecret = secretOf(created.data.path);
    const id = created.data.links[0].id;
    await signIn("manager");
    expect(await resetFeedLinkAction({ id })).toMatchObject({ ok: false, status: 404 });
    await signIn("staff");
    const reset = await resetFeedLinkAction({ id });
    if (!reset.ok) throw new Error(reset.message);
    const newSecret = secretOf(reset.data.path);
    expect(newSecret).not.toBe(oldSecret);
    expect(await getFeedByTokenHash({ tokenHash: hashToken(oldSecret) })).toBeNull();
    expect(await getFeedByTokenHash({ tokenHash: hashToken(newSecret) })).toMatchObject({ calendarKeyId: key.id });
    expect(reset.data.links.map((l) => l.id)).not.toContain(id);
    expect(reset.data.links).toHaveLength(1);
    expect(await resetFeedLinkAction({ id })).toMatchObject({ ok: false, status: 404 });
  });
});
