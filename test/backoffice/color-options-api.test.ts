/**
 * Calendar keys and attachment groups (docs/features/admin.md): savemeetingkey, changemeetingstatus, savegroup,
 * changeattachmentstatus, with get_meeting_list and attachment_group_list; administrators only; bad
 * names and colours refused; every change audited; an inactive key leaves the pickers, not the events.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { apiRequest, callRoute, setupTestDatabase, tokenFor } from "@/test/db";
import { expectErrorEnvelope } from "@/test/auth";
import { schema } from "@/lib/db";
import { POST as savemeetingkey } from "@/app/api/v1/savemeetingkey/route";
import { POST as changemeetingstatus } from "@/app/api/v1/changemeetingstatus/route";
import { POST as savegroup } from "@/app/api/v1/savegroup/route";
import { POST as changeattachmentstatus } from "@/app/api/v1/changeattachmentstatus/route";
import { GET as meetingList } from "@/app/api/v1/get_meeting_list/route";
import { GET as groupList } from "@/app/api/v1/attachment_group_list/route";
import { listCalendarKeys } from "@/lib/calendar/queries";

const t = setupTestDatabase();
const tokens: Record<string, string> = {};

type Call = typeof savemeetingkey;
const post = (handler: Call, name: string, body: unknown, who = "admin") =>
  callRoute(handler, apiRequest(`/api/v1/${name}`, { method: "POST", token: tokens[who], body }));
const get = (handler: Call, path: string, who = "admin") =>
  callRoute(handler, apiRequest(path, { token: tokens[who] }));

beforeAll(async () => {
  for (const name of ["admin", "manager", "staff"]) tokens[name] = await tokenFor(t.db(), name);
});

const KINDS = [
  {
    kind: "key",
    save: savemeetingkey,
    saveName: "savemeetingkey",
    toggle: changemeetingstatus,
    toggleName: "changemeetingstatus",
    nameField: "key_name",
    required: "The Key Name is Required.",
    table: schema.calendarKeys,
    entity: "calendar_key",
  },
  {
    kind: "group",
    save: savegroup,
    saveName: "savegroup",
    toggle: changeattachmentstatus,
    toggleName: "changeattachmentstatus",
    nameField: "group_title",
    required: "The Name is Required.",
    table: schema.attachmentGroups,
    entity: "attachment_group",
  },
] as const;

describe.each(KINDS)("$kind", ({ save, saveName, toggle, toggleName, nameField, required, table, entity }) => {
  it("adds with the default colour #444444, updates with the picker's object, audits both", async () => {
    const added = await post(save, saveName, { [nameField]: `  Quarterly ${saveName}  ` });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    expect(added.json).toMatchObject({ code: 200, status: "success" });
    const content = (added.json as { content: { value: number; text: string; color_code_obj: unknown } }).content;
    expect(content.text).toBe(`Quarterly ${saveName}`);
    expect(content.color_code_obj).toEqual({ hex: "#444444", hex8: "#444444ff" });

    const updated = await post(save, saveName, {
      id: content.value,
      [nameField]: "Renamed",
      color_code: JSON.stringify({ hex: "#12AB34", hex8: "#12ab3480" }),
    });
    expect(updated.status).toBe(200);
    const [row] = await t.db().select().from(table).where(eq(table.id, content.value));
    expect(row).toMatchObject({ name: "Renamed", colorCode: "#12ab3480" });
    const audits = await t
      .db()
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(content.value))));
    expect(audits.map((a) => a.action).sort()).toEqual(["create", "update"]);
  });

  it.each([
    [{}, required],
    [{ [nameField]: "   " }, required],
    [{ [nameField]: "x".repeat(191) }, "Can Not Be Longer then 190"],
    [{ [nameField]: "Ok", color_code: "red" }, "not a valid colour"],
    [{ [nameField]: "Ok", color_code: "#12345" }, "not a valid colour"],
    [{ [nameField]: "Ok", color_code: { hex: "url(javascript:alert(1))" } }, "not a valid colour"],
    [{ [nameField]: "Ok", color_code: 123456 }, "not a valid colour"],
    [{ [nameField]: "Ok", id: "abc" }, "id is not valid"],
  ])("refuses %j", async (body, message) => {
    const res = await post(save, saveName, body);
    expectErrorEnvelope(res, 422);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it("refuses a name another one has, in any letter case (add and rename), and keeps its own name on update", async () => {
    const first = await post(save, saveName, { [nameField]: `Service Lane ${saveName}` });
    expect(first.status).toBe(200);
    const firstId = (first.json as { content: { value: number } }).content.value;
    const again = await post(save, saveName, { [nameField]: `  service LANE ${saveName} ` });
    expectErrorEnvelope(again, 422);
    expect((again.json as { message: string }).message).toMatch(
      new RegExp(`^An? (calendar key|attachment group) named 'service LANE ${saveName}' already exists\\.$`),
    );
    expect(JSON.stringify(again.json)).toContain(nameField);
    expect(
      await t
        .db()
        .select()
        .from(table)
        .where(sql`lower(${table.name}) = lower(${`Service Lane ${saveName}`})`),
    ).toHaveLength(1);

    const other = await post(save, saveName, { [nameField]: `Body Shop ${saveName}` });
    const otherId = (other.json as { content: { value: number } }).content.value;
    expectErrorEnvelope(await post(save, saveName, { id: otherId, [nameField]: `SERVICE LANE ${saveName}` }), 422);
    // Its own name in another case is not a duplicate.
    expect((await post(save, saveName, { id: firstId, [nameField]: `SERVICE LANE ${saveName}` })).status).toBe(200);
  });

  it("the database refuses a duplicate name even past the check (two saves at the same moment)", async () => {
    await t
      .db()
      .insert(table)
      .values({ name: `Race ${saveName}` });
    await expect(
      t
        .db()
        .insert(table)
        .values({ name: `RACE ${saveName}` }),
    ).rejects.toThrow();
  });

  it("an unknown id is a 404 for save and toggle", async () => {
    expectErrorEnvelope(await post(save, saveName, { id: 999999, [nameField]: "Ghost" }), 404);
    expectErrorEnvelope(await post(toggle, toggleName, { id: 999999 }), 404);
  });

  it("the toggle flips the status and answers the refreshed list", async () => {
    const added = await post(save, saveName, { [nameField]: "Toggled" });
    const id = (added.json as { content: { value: number } }).content.value;
    const res = await post(toggle, toggleName, { id });
    expect(res.status).toBe(200);
    const list = (res.json as { content: { value: number; status: string }[] }).content;
    expect(list.find((r) => r.value === id)?.status).toBe("inactive");
    expect(list.length).toBe((await t.db().select().from(table)).length);
    const back = await post(toggle, toggleName, { id });
    expect(
      (back.json as { content: { value: number; status: string }[] }).content.find((r) => r.value === id)?.status,
    ).toBe("active");
  });

  it("manager and staff get 403 on both calls, nothing changes; signed out 401", async () => {
    const before = await t.db().select().from(table);
    for (const who of ["manager", "staff"]) {
      expectErrorEnvelope(await post(save, saveName, { [nameField]: "Sneaky" }, who), 403);
      expectErrorEnvelope(await post(toggle, toggleName, { id: before[0].id }, who), 403);
    }
    expectErrorEnvelope(
      await callRoute(save, apiRequest(`/api/v1/${saveName}`, { method: "POST", body: { [nameField]: "Anon" } })),
      401,
    );
    expect(await t.db().select().from(table)).toEqual(before);
  });
});

describe("an inactive key or group leaves the pickers, not the items using it", () => {
  it("get_meeting_list?status=active and attachment_group_list?status=active drop it; the full key list keeps its colour", async () => {
    const key = await post(savemeetingkey, "savemeetingkey", { key_name: "Retired", color_code: "#aa0000" });
    const keyId = (key.json as { content: { value: number } }).content.value;
    await post(changemeetingstatus, "changemeetingstatus", { id: keyId });
    const active = await get(meetingList, "/api/v1/get_meeting_list?status=active");
    expect((active.json as { content: { value: number }[] }).content.some((k) => k.value === keyId)).toBe(false);
    // The calendar colours events from every key, active or not (lib/calendar/queries.ts listOccurrences).
    expect((await listCalendarKeys()).find((k) => k.id === keyId)?.colorCode).toBe("#aa0000");

    const group = await post(savegroup, "savegroup", { group_title: "Old group" });
    const groupId = (group.json as { content: { value: number } }).content.value;
    await post(changeattachmentstatus, "changeattachmentstatus", { id: groupId });
    const groups = await get(groupList as Call, "/api/v1/attachment_group_list?status=active");
    expect((groups.json as { content: { value: number }[] }).content.some((g) => g.value === groupId)).toBe(false);
    const all = await get(groupList as Call, `/api/v1/attachment_group_list?id=${groupId}`);
    expect((all.json as { content: unknown[] }).content[0]).toMatchObject({
      value: groupId,
      status: "inactive",
      color_code_obj: { hex: "#444444", hex8: "#444444ff" },
    });
  });
});
