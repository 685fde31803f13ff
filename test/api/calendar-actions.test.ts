import { beforeEach, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { cookieJar } from "@/test/mock-next-headers";
import { setupTestDatabase } from "@/test/db";
import { SESSION_COOKIE, sessionFor } from "@/test/auth";
import { schema } from "@/lib/db";
import type { EventFormInput } from "@/lib/calendar/schemas";
import { createFeedLinkAction, deleteEventsAction, listFeedLinksAction, resetFeedLinkAction, revokeFeedLinkAction, saveEventAction } from "@/lib/calendar/actions";
import { getFeedByTokenHash } from "@/lib/calendar/queries";
import { hashToken } from "@/lib/auth/tokens";

const t = setupTestDatabase();

async function signIn(username: string) {
  cookieJar.clear();
  cookieJar.set(SESSION_COOKIE, (await sessionFor(t.db(), username)).cookie);
}

const count = async () => (await t.db().select({ n: sql<number>`count(*)::int` }).from(schema.calendarEvents))[0].n;

async function keyId() {
  const [key] = await t.db().select().from(schema.calendarKeys).where(eq(schema.calendarKeys.status, "active")).limit(1);
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
  dayOfWeek: "1",
  startsAt: "2026-04-02T00:00:00",
  endsAt: "2026-04-02T23:59:59",
  timeZone: "Europe/Berlin",
  contactPerson: "",
  contactEmail: "",
  contactNumber: "",
  attachments: [],
  ...over,
});

beforeEach(() => cookieJar.clear());

describe("saveEventAction (the form's server action, same schema)", () => {
  it("role 2 saves the day-click default as an all-day event in the form's zone", async () => {
    await signIn("manager");
    const res = await saveEventAction(await form({ title: "All-day from the form" }));
    expect(res).toMatchObject({ ok: true, message: "Event Added Successfully", data: { created: true } });
    const [row] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, "All-day from the form"));
    expect(row.startsAt?.toISOString()).toBe("2026-04-01T22:00:00.000Z"); // midnight in Berlin (CEST)
    expect(row.timeZone).toBe("Europe/Berlin");
    expect(row.createdBy).not.toBeNull();
  });

  it("weekly from the form keeps no dates; switching back to normal needs a start", async () => {
    await signIn("admin");
    const res = await saveEventAction(await form({ title: "Weekly from the form", type: "recursive", recurrence: "weekly", dayOfWeek: "5", startsAt: "", endsAt: "" }));
    expect(res.ok).toBe(true);
    const [row] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, "Weekly from the form"));
    expect(row).toMatchObject({ recurrence: "weekly", dayOfWeek: 5, startsAt: null, endsAt: null });
    const back = await saveEventAction(await form({ id: row.id, title: "Weekly from the form", type: "normal", startsAt: "", endsAt: "" }));
    expect(back).toMatchObject({ ok: false, status: 422, fieldErrors: { startsAt: ["Start Date Required"] } });
  });

  it("answers the field messages for bad input and writes nothing", async () => {
    await signIn("admin");
    const before = await count();
    const res = await saveEventAction(await form({ title: "", calendarKeyId: "", contactEmail: "x@", contactNumber: "abc", endsAt: "2026-04-01T10:00:00" }));
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
    const [key] = await t.db().insert(schema.calendarKeys).values({ name: "Retired key", status: "active" }).returning();
    const ok = await saveEventAction(await form({ title: "On a key about to retire", calendarKeyId: String(key.id) }));
    expect(ok.ok).toBe(true);
    await t.db().update(schema.calendarKeys).set({ status: "inactive" }).where(eq(schema.calendarKeys.id, key.id));
    const fresh = await saveEventAction(await form({ title: "New on a retired key", calendarKeyId: String(key.id) }));
    expect(fresh).toMatchObject({ ok: false, status: 422, fieldErrors: { calendarKeyId: ["Please select Calendar Key"] } });
    const [row] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, "On a key about to retire"));
    const edit = await saveEventAction(await form({ id: row.id, title: "Still on the retired key", calendarKeyId: String(key.id) }));
    expect(edit).toMatchObject({ ok: true, message: "Event Updated Successfully" });
  });

  it("refuses an attachment path that is not an upload of the caller", async () => {
    await signIn("admin");
    const res = await saveEventAction(await form({ attachments: ["event/2026/01/0f8fad5b-d9cb-469f-a165-70867728950e.pdf"] }));
    expect(res).toMatchObject({ ok: false, status: 422, fieldErrors: { attachments: ["File not found."] } });
    expect(await saveEventAction(await form({ attachments: ["../../etc/passwd"] }))).toMatchObject({ ok: false, status: 422 });
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
    expect(await deleteEventsAction({ ids: [row.id] })).toMatchObject({ ok: true, message: "You successfully deleted the record(s)." });
    expect(await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.id, row.id))).toHaveLength(0);
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

  it("'Reset link' ends the old URL at once and gives a new one for the same key; only the owner may (issue 31)", async () => {
    await signIn("staff");
    const [key] = await t.db().select().from(schema.calendarKeys).where(eq(schema.calendarKeys.status, "active")).limit(1);
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
