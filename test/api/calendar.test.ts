import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { apiRequest, callRoute, tokenFor, setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { GET as getEvents } from "@/app/api/v1/getevents/route";
import { GET as getEvent } from "@/app/api/v1/getevent/route";
import { POST as addUpdateEvent } from "@/app/api/v1/addupdateevent/route";
import { DELETE as deleteEventsRoute } from "@/app/api/v1/deleteevents/route";
import { GET as meetingList } from "@/app/api/v1/get_meeting_list/route";
import { GET as feedRoute } from "@/app/api/calendar/feed/[token]/route";
import { GET as calendarRead } from "@/app/api/calendar/events/route";
import { createFeedToken, revokeFeedToken } from "@/lib/calendar/mutations";
import type { ApiEventDetail, ApiOccurrence, CalendarContent } from "@/lib/calendar/types";

const t = setupTestDatabase();
let admin: string, manager: string, staff: string;
let keyId: number, otherKeyId: number;

const count = async () =>
  (
    await t
      .db()
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.calendarEvents)
  )[0].n;

function body(over: Record<string, unknown> = {}) {
  return {
    colorcode: keyId,
    title: "Quarterly review",
    description: "All managers",
    keydescription: "Room 4",
    startDate: "2026-03-10 09:00:00",
    endDate: "2026-03-10 10:30:00",
    status: "active",
    type: "normal",
    recursiveType: "monthly",
    weekDay: 1,
    contactPerson: "Ann Lee",
    contactEmail: "ann@example.com",
    contactNumber: "(555) 123-4567",
    timeZone: "America/Los_Angeles",
    ...over,
  };
}

const post = (token: string, b: unknown) =>
  callRoute(addUpdateEvent, apiRequest("/api/v1/addupdateevent", { method: "POST", token, body: b }));
const events = (token: string, qs: string) => callRoute(getEvents, apiRequest(`/api/v1/getevents?${qs}`, { token }));

beforeAll(async () => {
  [admin, manager, staff] = await Promise.all([
    tokenFor(t.db(), "admin"),
    tokenFor(t.db(), "manager"),
    tokenFor(t.db(), "staff"),
  ]);
  const keys = await t.db().select().from(schema.calendarKeys).orderBy(schema.calendarKeys.id);
  keyId = keys[0].id;
  otherKeyId = keys[1].id;
});

describe("get_meeting_list", () => {
  it("lists active keys with value, text and colour for any signed-in user", async () => {
    const { status, json } = await callRoute(
      meetingList,
      apiRequest("/api/v1/get_meeting_list?id=0&status=active", { token: staff }),
    );
    expect(status).toBe(200);
    expect(json.content.length).toBeGreaterThanOrEqual(4);
    expect(json.content[0]).toMatchObject({
      value: expect.any(Number),
      text: expect.any(String),
      color_code_obj: { hex: expect.stringMatching(/^#[0-9a-f]{6}$/i) },
      status: "active",
    });
  });

  it("answers 401 without a token", async () => {
    const { status } = await callRoute(meetingList, apiRequest("/api/v1/get_meeting_list"));
    expect(status).toBe(401);
  });
});

describe("addupdateevent, getevent, getevents", () => {
  it("role 2 adds an event; it is in the month's window with legacy local times and an audit row", async () => {
    const before = await count();
    const { status, json } = await post(manager, body({ title: "Manager's review" }));
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: "success", message: "success", content: "Event Added Successfully" });
    expect(await count()).toBe(before + 1);
    const list = await events(staff, "start_date=2026-03-01 00:00:00&end_date=2026-04-01 00:00:00&offset_minutes=480");
    const ev = (list.json.content.events as ApiOccurrence[]).find((e) => e.title === "Manager's review")!;
    expect(ev).toMatchObject({
      start: "2026-03-10T16:00:00.000Z",
      end: "2026-03-10T17:30:00.000Z",
      start_date: "2026-03-10 08:00:00",
      eventtime: "08:00 AM",
      all_day: false,
    });
    const pdt = await events(staff, "start_date=2026-03-01T00:00:00Z&end_date=2026-04-01T00:00:00Z&offset_minutes=420");
    expect((pdt.json.content.events as ApiOccurrence[]).find((e) => e.title === "Manager's review")!.start_date).toBe(
      "2026-03-10 09:00:00",
    );
    const audit = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "calendar_event"), eq(schema.auditLog.entityId, String(ev.id))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);

    const detail = await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${ev.id}`, { token: staff }));
    const d = detail.json.content.events[0] as ApiEventDetail;
    expect(d).toMatchObject({
      title: "Manager's review",
      key_description: "Room 4",
      contact_person: "Ann Lee",
      contact_email: "ann@example.com",
      contact_number: "(555) 123-4567",
      created_by: "Morgan Manager",
      attachments: [],
    });
  });

  it("updates with id, keeping one row; the old weekly payload (no dates) keeps the stored start, time and last date", async () => {
    await post(
      admin,
      body({
        title: "To be renamed",
        type: "recursive",
        recursiveType: "monthly",
        startDate: "2026-03-10 09:00:00",
        endDate: "2027-03-10 10:30:00",
      }),
    );
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "To be renamed"));
    // The old endDate of a series is its last date and each occurrence's end time.
    expect(row).toMatchObject({
      repeatUntil: "2027-03-10",
      startsAt: new Date("2026-03-10T16:00:00Z"),
      endsAt: new Date("2026-03-10T17:30:00Z"),
    });
    const before = await count();
    const { status, json } = await post(
      admin,
      body({
        id: row.id,
        title: "Renamed",
        type: "recursive",
        recursiveType: "weekly",
        weekDay: 3,
        startDate: "",
        endDate: "",
      }),
    );
    expect(status).toBe(200);
    expect(json.content).toBe("Event Updated Successfully");
    expect(await count()).toBe(before);
    const [after] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.id, row.id));
    expect(after).toMatchObject({
      title: "Renamed",
      type: "recursive",
      recurrence: "weekly",
      daysOfWeek: [3],
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      repeatUntil: "2027-03-10",
    });
  });

  it("a new weekly series from the old payload (no dates) starts today, all day, on its weekday", async () => {
    const { status } = await post(
      manager,
      body({
        title: "Old-client weekly",
        type: "recursive",
        recursiveType: "weekly",
        weekDay: 4,
        startDate: "",
        endDate: "",
      }),
    );
    expect(status).toBe(200);
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Old-client weekly"));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    expect(row).toMatchObject({ daysOfWeek: [4], repeatUntil: null });
    expect(row.startsAt!.getTime()).toBeGreaterThan(Date.now() - 2 * 86_400_000);
    const qs = (from: Date, to: Date) => `start_date=${from.toISOString()}&end_date=${to.toISOString()}`;
    const past = await events(staff, qs(new Date(Date.now() - 300 * 86_400_000), row.startsAt!));
    expect((past.json.content.events as ApiOccurrence[]).filter((e) => e.id === row.id)).toEqual([]);
    const next = await events(staff, qs(row.startsAt!, new Date(row.startsAt!.getTime() + 14 * 86_400_000)));
    const mine = (next.json.content.events as ApiOccurrence[]).filter((e) => e.id === row.id);
    expect(mine).toHaveLength(2);
    expect(
      mine.every((e) => e.all_day && new Date(`${e.start_day}T12:00:00Z`).getUTCDay() === 4 && e.start_day! >= today),
    ).toBe(true);
  });

  it("getevent shows a series' next occurrence, and 'updated by' only after an update", async () => {
    await post(
      manager,
      body({
        title: "Next one please",
        type: "recursive",
        recursiveType: "weekly",
        weekDays: [1],
        startDate: "2024-01-01 09:00:00",
        endDate: "",
        endTime: "10:00",
      }),
    );
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Next one please"));
    const detail = async () =>
      (await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${row.id}`, { token: staff }))).json.content
        .events[0] as ApiEventDetail;
    const d = await detail();
    expect(new Date(d.start).getTime()).toBeGreaterThan(Date.now() - 86_400_000);
    expect(new Date(d.start).getTime()).toBeLessThan(Date.now() + 8 * 86_400_000);
    expect(d).toMatchObject({
      starts_at: "2024-01-01T17:00:00.000Z",
      days_of_week: [1],
      repeat_interval: 1,
      repeat_until: null,
      created_by: "Morgan Manager",
      updated_by: null,
    });
    await new Promise((r) => setTimeout(r, 5));
    await post(
      admin,
      body({
        id: row.id,
        title: "Next one please",
        type: "recursive",
        recursiveType: "weekly",
        weekDays: [1],
        startDate: "2024-01-01 09:00:00",
        endTime: "10:00",
      }),
    );
    expect((await detail()).updated_by).toBe("Alex Admin");
  });

  it("expands a weekly series begun ten years ago into this window, and only the window's occurrences", async () => {
    await post(
      admin,
      body({
        title: "Decade-old weekly",
        type: "recursive",
        recursiveType: "weekly",
        weekDay: 2,
        startDate: "2016-01-05 08:00:00",
        endDate: "",
      }),
    );
    const { json } = await events(staff, "start_date=2026-06-01T07:00:00Z&end_date=2026-07-01T07:00:00Z");
    const mine = (json.content.events as ApiOccurrence[]).filter((e) => e.title === "Decade-old weekly");
    expect(mine.map((e) => e.start)).toEqual([
      "2026-06-02T15:00:00.000Z",
      "2026-06-09T15:00:00.000Z",
      "2026-06-16T15:00:00.000Z",
      "2026-06-23T15:00:00.000Z",
      "2026-06-30T15:00:00.000Z",
    ]);
    expect(new Set(mine.map((e) => e.occurrence_id)).size).toBe(5);
  });

  it("filters by key (id) and hides inactive events from role 3 only", async () => {
    await post(
      admin,
      body({
        title: "Inactive other-key",
        colorcode: otherKeyId,
        status: "inactive",
        startDate: "2026-05-05 09:00:00",
        endDate: "2026-05-05 10:00:00",
      }),
    );
    const q = "start_date=2026-05-01T00:00:00Z&end_date=2026-06-01T00:00:00Z";
    const forStaff = (await events(staff, q)).json.content.events as ApiOccurrence[];
    const forManager = (await events(manager, q)).json.content.events as ApiOccurrence[];
    expect(forStaff.some((e) => e.title === "Inactive other-key")).toBe(false);
    expect(forManager.find((e) => e.title === "Inactive other-key")?.status).toBe("inactive");
    const onlyFirstKey = (await events(manager, `${q}&id=${keyId}`)).json.content.events as ApiOccurrence[];
    expect(onlyFirstKey.every((e) => e.meeting_id === keyId)).toBe(true);
    const id = forManager.find((e) => e.title === "Inactive other-key")!.id;
    expect((await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${id}`, { token: staff }))).status).toBe(404);
    expect((await callRoute(getEvent, apiRequest(`/api/v1/getevent?id=${id}`, { token: manager }))).status).toBe(200);
  });

  it("returns any title verbatim in a window (tabs, line breaks, backslashes, quotes, HTML, non-ASCII)", async () => {
    const title = 'Tab\there\nnew line \\ back "quoted" <b>bold</b> café – 東京 \\t';
    expect(title).toContain("\t");
    await t
      .db()
      .insert(schema.calendarEvents)
      .values({
        title,
        calendarKeyId: keyId,
        startsAt: new Date("2026-10-07T16:00:00Z"),
        endsAt: new Date("2026-10-07T17:00:00Z"),
        occursFrom: new Date("2026-10-07T16:00:00Z"),
        occursUntil: new Date("2026-10-07T17:00:00Z"),
      });
    const { json } = await events(staff, "start_date=2026-10-01T00:00:00Z&end_date=2026-11-01T00:00:00Z");
    expect((json.content.events as ApiOccurrence[]).filter((e) => e.title === title)).toHaveLength(1);
  });

  it("defaults to 30 days either side of today and refuses a window over 400 days", async () => {
    const { status, json } = await events(staff, "");
    expect(status).toBe(200);
    expect(new Date(json.content.end).getTime() - new Date(json.content.start).getTime()).toBe(60 * 86_400_000);
    const long = await events(staff, "start_date=2020-01-01&end_date=2026-01-01");
    expect(long.status).toBe(422);
    const backwards = await events(staff, "start_date=2026-02-01&end_date=2026-01-01");
    expect(backwards.status).toBe(422);
  });

  it("a cached window shows a change at once (every write changes the calendar stamp)", async () => {
    const q = "start_date=2026-08-01T00:00:00Z&end_date=2026-09-01T00:00:00Z";
    const titles = async () => ((await events(staff, q)).json.content.events as ApiOccurrence[]).map((e) => e.title);
    expect(await titles()).not.toContain("Cache check");
    await post(
      manager,
      body({ title: "Cache check", startDate: "2026-08-12 09:00:00", endDate: "2026-08-12 10:00:00" }),
    );
    expect(await titles()).toContain("Cache check");
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Cache check"));
    await post(
      manager,
      body({
        id: row.id,
        title: "Cache check renamed",
        startDate: "2026-08-12 09:00:00",
        endDate: "2026-08-12 10:00:00",
      }),
    );
    expect(await titles()).toContain("Cache check renamed");
    await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", { method: "DELETE", token: admin, body: { deleteArr: [row.id] } }),
    );
    expect(await titles()).not.toContain("Cache check renamed");
  });

  it("a change to a recurring series shows at once in windows computed before (series are cached per stamp)", async () => {
    const june = "start_date=2027-06-01T07:00:00Z&end_date=2027-07-01T07:00:00Z";
    const july = "start_date=2027-07-01T07:00:00Z&end_date=2027-08-01T07:00:00Z";
    const days = async (qs: string) =>
      ((await events(staff, qs)).json.content.events as ApiOccurrence[])
        .filter((e) => e.title.startsWith("Series cache"))
        .map((e) => `${e.title} ${e.start.slice(0, 10)}`);
    expect(await days(june)).toEqual([]);
    await post(
      manager,
      body({
        title: "Series cache",
        type: "recursive",
        recursiveType: "monthly",
        startDate: "2027-01-15 09:00:00",
        endDate: "",
      }),
    );
    expect(await days(june)).toEqual(["Series cache 2027-06-15"]);
    const [row] = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.title, "Series cache"));
    await post(
      manager,
      body({
        id: row.id,
        title: "Series cache moved",
        type: "recursive",
        recursiveType: "monthly",
        startDate: "2027-01-20 09:00:00",
        endDate: "",
      }),
    );
    expect(await days(july)).toEqual(["Series cache moved 2027-07-20"]);
    expect(await days(june)).toEqual(["Series cache moved 2027-06-20"]);
    await post(
      manager,
      body({
        id: row.id,
        title: "Series cache moved",
        status: "inactive",
        type: "recursive",
        recursiveType: "monthly",
        startDate: "2027-01-20 09:00:00",
        endDate: "",
      }),
    );
    expect(await days(june)).toEqual([]);
    await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", { method: "DELETE", token: admin, body: { deleteArr: [row.id] } }),
    );
    expect(await days(july)).toEqual([]);
  });

  it("slug= limits events, search and keys to the calendar page's keys (CIC Monthly Meetings)", async () => {
    const q = `start_date=${new Date(Date.now() - 40 * 86_400_000).toISOString()}&end_date=${new Date(Date.now() + 40 * 86_400_000).toISOString()}`;
    const cic = (await events(staff, `${q}&slug=cic-monthly-meetings`)).json.content;
    expect(new Set((cic.events as ApiOccurrence[]).map((e) => e.mm_title))).toEqual(new Set(["CIC Monthly Meeting"]));
    expect((cic.keys as Array<{ text: string }>).map((k) => k.text)).toEqual(["CIC Monthly Meeting"]);
    const all = (await events(staff, `${q}&slug=calendar`)).json.content;
    expect(new Set((all.events as ApiOccurrence[]).map((e) => e.mm_title)).size).toBeGreaterThan(1);
    const found = (await events(staff, "search=meeting&slug=cic-monthly-meetings")).json.content
      .events as ApiOccurrence[];
    expect(found.map((e) => e.title)).toEqual(["CIC Monthly Meeting"]);
    expect((await events(staff, `${q}&slug=no-such-page`)).status).toBe(404);
  });

  it("getevent answers 404 with a message for an unknown id", async () => {
    const { status, json } = await callRoute(getEvent, apiRequest("/api/v1/getevent?id=987654", { token: staff }));
    expect(status).toBe(404);
    expect(json.message).toBe("Event not found.");
  });
});

describe("addupdateevent keeps every field its update leaves out", () => {
  const stored = async (title: string) =>
    (await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.title, title)))[0];

  it("{id, title} alone renames the event: description, key, key description, contacts, status and dates stay", async () => {
    expect((await post(admin, body({ title: "Kept fields", colorcode: otherKeyId }))).status).toBe(200);
    const before = await stored("Kept fields");
    const res = await post(admin, { id: before.id, title: "Kept fields, renamed" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await stored("Kept fields, renamed");
    const { title: _t, updatedAt: _u, updatedBy: _b, ...rest } = before;
    expect(after).toMatchObject({ ...rest, title: "Kept fields, renamed" });
    expect(after).toMatchObject({
      description: "All managers",
      keyDescription: "Room 4",
      calendarKeyId: otherKeyId,
      contactPerson: "Ann Lee",
      contactEmail: "ann@example.com",
      contactNumber: "(555) 123-4567",
    });
  });

  it("a named empty field clears it: {id, description: ''} empties the description only", async () => {
    expect((await post(admin, body({ title: "Cleared description" }))).status).toBe(200);
    const before = await stored("Cleared description");
    expect((await post(admin, { id: before.id, description: "" })).status).toBe(200);
    expect(await stored("Cleared description")).toMatchObject({ description: "", contactPerson: "Ann Lee" });
  });
});

describe("bad input is refused with the old portal's message and nothing is written", () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    [
      "end before start",
      { startDate: "2026-03-10 10:00:00", endDate: "2026-03-10 09:59:00" },
      "endDate",
      "End DateTime cannot be before Start DateTime",
    ],
    [
      "end before start (absolute times)",
      { startDate: "2026-03-10T10:00:00Z", endDate: "2026-03-10T09:00:00Z" },
      "endDate",
      "End DateTime cannot be before Start DateTime",
    ],
    [
      "weekday 0",
      { type: "recursive", recursiveType: "weekly", weekDay: 0, startDate: "", endDate: "" },
      "weekDay",
      "Day Of Week must be between 1 (Monday) and 7 (Sunday)",
    ],
    [
      "weekday 8",
      { type: "recursive", recursiveType: "weekly", weekDay: 8, startDate: "", endDate: "" },
      "weekDay",
      "Day Of Week must be between 1 (Monday) and 7 (Sunday)",
    ],
    ["unknown key id", { colorcode: 999_999 }, "colorcode", "Please select Calendar Key"],
    ["no key", { colorcode: "" }, "colorcode", "Please select Calendar Key"],
    ["191-character title", { title: "x".repeat(191) }, "title", "Title cannot be longer than 190 character"],
    ["empty title", { title: "   " }, "title", "Title Required"],
    [
      "letters in the phone number",
      { contactNumber: "555-CALL-NOW" },
      "contactNumber",
      "Contact Number Must Be Numeric",
    ],
    [
      "a 5-digit phone number",
      { contactNumber: "12-345" },
      "contactNumber",
      "Contact Number Must Be Of Minimum 6 Digits",
    ],
    [
      "a 19-digit phone number",
      { contactNumber: "1234567890123456789" },
      "contactNumber",
      "Contact Number Must Be Of Maximum 18 Digits",
    ],
    [
      "a 50-character e-mail",
      { contactEmail: `${"a".repeat(38)}@example.com` },
      "contactEmail",
      "Contact Email cannot be longer than 49 character",
    ],
    ["an invalid e-mail", { contactEmail: "ann@" }, "contactEmail", "Please Enter Valid Contact Email"],
    ["an e-mail without a contact person", { contactPerson: "" }, "contactPerson", "Please Enter Contact Person First"],
    ["no start date", { startDate: "" }, "startDate", "Start Date Required"],
    [
      "monthly without a start date",
      { type: "recursive", recursiveType: "monthly", startDate: "", endDate: "" },
      "startDate",
      "Start Date Required",
    ],
    [
      "31 February",
      { startDate: "2026-02-31 09:00:00", endDate: "" },
      "startDate",
      "Please Enter Valid Start DateTime",
    ],
  ];
  for (const [name, over, field, message] of cases) {
    it(name, async () => {
      expect(`${"a".repeat(38)}@example.com`).toHaveLength(50);
      const before = await count();
      const { status, json } = await post(admin, body({ title: `bad: ${name}`, ...over }));
      expect(status).toBe(422);
      expect(json.status).toBe("error");
      expect(json.content[field]).toContain(message);
      expect(await count()).toBe(before);
    });
  }

  it("a role-3 user posting addupdateevent gets 403 and nothing is written", async () => {
    const before = await count();
    const { status, json } = await post(staff, body({ title: "staff attempt" }));
    expect(status).toBe(403);
    expect(json.status).toBe("error");
    expect(await count()).toBe(before);
  });

  it("a role-3 user cannot update an existing event either", async () => {
    const [row] = await t.db().select().from(schema.calendarEvents).limit(1);
    const { status } = await post(staff, body({ id: row.id, title: "hijacked" }));
    expect(status).toBe(403);
    const [after] = await t.db().select().from(schema.calendarEvents).where(eq(schema.calendarEvents.id, row.id));
    expect(after.title).toBe(row.title);
  });

  it("a role-3 user calling deleteevents gets 403 and the event stays", async () => {
    const [row] = await t.db().select().from(schema.calendarEvents).limit(1);
    const before = await count();
    const { status } = await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", { method: "DELETE", token: staff, body: { deleteArr: [row.id] } }),
    );
    expect(status).toBe(403);
    expect(await count()).toBe(before);
  });

  it("a search of SQL and HTML is plain text: no error, no match, tables intact, titles returned verbatim", async () => {
    await post(admin, body({ title: `<img src=x onerror=alert(1)> Robert'); DROP TABLE calendar_events;--` }));
    const before = await count();
    for (const q of ["'; DROP TABLE calendar_events; --", "<script>alert(1)</script>", "100%_off\\", "' OR '1'='1"]) {
      const { status, json } = await events(staff, `search=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(json.content.search).toBe(q);
      for (const e of json.content.events as ApiOccurrence[])
        expect(`${e.title}`.toLowerCase()).toContain(q.toLowerCase());
    }
    const hit = await events(staff, `search=${encodeURIComponent("DROP TABLE")}`);
    expect((hit.json.content.events as ApiOccurrence[]).map((e) => e.title)).toContain(
      `<img src=x onerror=alert(1)> Robert'); DROP TABLE calendar_events;--`,
    );
    expect(await count()).toBe(before);
  });
});

describe("deleteevents", () => {
  it("role 1 deletes events with audit rows; unknown ids answer 404", async () => {
    await post(admin, body({ title: "Delete me 1" }));
    await post(admin, body({ title: "Delete me 2" }));
    const rows = await t
      .db()
      .select()
      .from(schema.calendarEvents)
      .where(sql`${schema.calendarEvents.title} like 'Delete me %'`);
    const before = await count();
    const { status, json } = await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", {
        method: "DELETE",
        token: admin,
        body: { deleteArr: rows.map((r) => r.id) },
      }),
    );
    expect(status).toBe(200);
    expect(json.message).toBe("You successfully deleted the record(s).");
    expect(await count()).toBe(before - 2);
    const audit = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, "calendar_event"), eq(schema.auditLog.action, "delete")));
    expect(audit.map((a) => Number(a.entityId))).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
    const again = await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", {
        method: "DELETE",
        token: admin,
        body: { deleteArr: rows.map((r) => r.id) },
      }),
    );
    expect(again.status).toBe(404);
    const bad = await callRoute(
      deleteEventsRoute,
      apiRequest("/api/v1/deleteevents", { method: "DELETE", token: admin, body: { deleteArr: [] } }),
    );
    expect(bad.status).toBe(422);
  });
});

describe("ICS subscription feed", () => {
  const feed = (token: string) =>
    feedRoute(apiRequest(`/api/calendar/feed/${token}.ics`), { params: Promise.resolve({ token: `${token}.ics` }) });

  it("serves the user's feed with RRULEs, filtered by key, and 404 once revoked", async () => {
    const [staffUser] = await t.db().select().from(schema.users).where(eq(schema.users.username, "staff"));
    const all = await createFeedToken(staffUser.id, null);
    const res = await feed(all.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const text = await res.text();
    expect(text).toContain("BEGIN:VCALENDAR");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO");
    expect(text).toContain("SUMMARY:Monday Sales Meeting");
    expect(text).not.toContain("Safety Refresher (draft)"); // inactive

    const [holiday] = await t.db().select().from(schema.calendarKeys).where(eq(schema.calendarKeys.name, "Holiday"));
    const one = await createFeedToken(staffUser.id, holiday.id);
    const filtered = await (await feed(one.token)).text();
    expect(filtered).toContain("SUMMARY:Company Anniversary");
    expect(filtered).not.toContain("SUMMARY:Monday Sales Meeting");
    expect(filtered).toContain("X-WR-CALNAME:Portal Calendar: Holiday");

    const [row] = await t.db().select().from(schema.calendarFeedTokens).where(eq(schema.calendarFeedTokens.id, all.id));
    expect(row.tokenHash).not.toContain(all.token);
    expect(row.lastUsedAt).not.toBeNull();

    await revokeFeedToken(staffUser.id, all.id);
    expect((await feed(all.token)).status).toBe(404);
    expect((await feed(one.token)).status).toBe(200);
  });

  it("a made-up or malformed token answers 404; another user cannot revoke my link", async () => {
    expect((await feed("A".repeat(48))).status).toBe(404);
    expect((await feed("short")).status).toBe(404);
    const [staffUser] = await t.db().select().from(schema.users).where(eq(schema.users.username, "staff"));
    const [adminUser] = await t.db().select().from(schema.users).where(eq(schema.users.username, "admin"));
    const link = await createFeedToken(staffUser.id, null);
    await expect(revokeFeedToken(adminUser.id, link.id)).rejects.toMatchObject({ status: 404 });
    expect((await feed(link.token)).status).toBe(200);
  });

  it("stops working when its owner is disabled", async () => {
    const [manager] = await t.db().select().from(schema.users).where(eq(schema.users.username, "manager"));
    const link = await createFeedToken(manager.id, null);
    expect((await feed(link.token)).status).toBe(200);
    await t.db().update(schema.users).set({ status: "disabled" }).where(eq(schema.users.id, manager.id));
    expect((await feed(link.token)).status).toBe(404);
    await t.db().update(schema.users).set({ status: "active" }).where(eq(schema.users.id, manager.id));
  });
});

describe("the portal calendar's own read (GET /api/calendar/events)", () => {
  const DAY = 86_400_000;
  const window = `start=${new Date(Date.now() - 40 * DAY).toISOString()}&end=${new Date(Date.now() + 40 * DAY).toISOString()}`;
  const read = (token: string | undefined, qs: string) =>
    callRoute(calendarRead, apiRequest(`/api/calendar/events?${qs}`, token ? { token } : {}));

  it("answers the window's occurrences and the page's keys in the portal's names, inactive ones only to roles that see them", async () => {
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const saved = await post(
      manager,
      body({
        title: "Portal read, inactive",
        status: "inactive",
        startDate: `${day} 09:00:00`,
        endDate: `${day} 10:00:00`,
      }),
    );
    expect(saved.status).toBe(200);

    const forStaff = await read(staff, `${window}&slug=calendar&timeZone=America/Los_Angeles`);
    expect(forStaff.status).toBe(200);
    const content = forStaff.json.content as CalendarContent;
    expect(content.events.length).toBeGreaterThan(0);
    expect(Object.keys(content.events[0]).sort()).toEqual([
      "allDay",
      "colorCode",
      "end",
      "endDay",
      "id",
      "keyId",
      "keyName",
      "occurrenceId",
      "start",
      "startDay",
      "status",
      "title",
      "type",
    ]);
    expect(Object.keys(content.keys[0]).sort()).toEqual(["colorCode", "id", "name", "status"]);
    expect(content.events.map((e) => e.title)).not.toContain("Portal read, inactive");

    const forManager = (await read(manager, `${window}&slug=calendar`)).json.content as CalendarContent;
    expect(forManager.events.find((e) => e.title === "Portal read, inactive")).toMatchObject({
      status: "inactive",
      allDay: false,
    });
  });

  it("slug limits events, search results and keys to the calendar page's keys", async () => {
    const cic = (await read(staff, `${window}&slug=cic-monthly-meetings`)).json.content as CalendarContent;
    expect(new Set(cic.events.map((e) => e.keyName))).toEqual(new Set(["CIC Monthly Meeting"]));
    expect(cic.keys.map((k) => k.name)).toEqual(["CIC Monthly Meeting"]);
    const found = (await read(staff, "q=meeting&slug=cic-monthly-meetings")).json.content as CalendarContent;
    expect(found.events.map((e) => e.title)).toEqual(["CIC Monthly Meeting"]);
    expect(found.keys.map((k) => k.name)).toEqual(["CIC Monthly Meeting"]);
  });

  it("refuses the signed-out, an unknown page, and a window that is backwards or too long, with the field's message", async () => {
    expect((await read(undefined, `${window}&slug=calendar`)).status).toBe(401);
    expect((await read(staff, `${window}&slug=no-such-page`)).status).toBe(404);
    const missing = await read(staff, window);
    expect(missing.status).toBe(422);
    expect(missing.json.content.slug).toBeDefined();
    const backwards = await read(staff, "start=2026-03-10&end=2026-03-01&slug=calendar");
    expect(backwards.status).toBe(422);
    expect(backwards.json.content.end).toEqual(["end must be after start."]);
    const rolled = await read(staff, "start=2026-02-30&end=2026-03-10&slug=calendar");
    expect(rolled.json.content.start).toEqual(["start is not a valid date."]);
    expect((await read(staff, "start=2020-01-01&end=2026-01-01&slug=calendar")).status).toBe(422);
    expect((await read(staff, `${window}&slug=calendar&timeZone=Mars/Olympus`)).status).toBe(422);
  });

  it("leaves v1 getevents in the old portal's names (fields=calendar is no longer a second shape)", async () => {
    const q = `start_date=${new Date(Date.now() - 40 * DAY).toISOString()}&end_date=${new Date(Date.now() + 40 * DAY).toISOString()}`;
    const legacy = (await events(staff, `${q}&fields=calendar`)).json.content.events as ApiOccurrence[];
    expect(legacy[0]).toHaveProperty("mm_title");
    expect(legacy[0]).toHaveProperty("start_date");
  });
});
