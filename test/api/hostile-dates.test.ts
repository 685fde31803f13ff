/**
 * Hostile dates (docs/security.md) are a 422 naming the field, never a 500 and never silently rolled.
 * The exact requests of the issue (search's `from=0000-01-01`, the compliance board and its export with
 * `from=0000-01-01` / `to=2026-02-30`, store_post's dates past year 9999 after the offset or in year 0),
 * the rolled ones (`2026-02-30`, `T24:00`), and the other entry points that read a date (getevents,
 * addupdateevent, a staff form's date, the pages' filters).
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { apiRequest, callRoute, setupTestDatabase } from "@/test/db";
import { actors, call, contentCounts } from "@/test/content/helpers";
import { GET as searchRoute } from "@/app/api/v1/search/route";
import { GET as exportBoard } from "@/app/api/export/compliance/route";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { GET as getEvents } from "@/app/api/v1/getevents/route";
import { POST as addUpdateEvent } from "@/app/api/v1/addupdateevent/route";
import { POST as uniformList } from "@/app/api/v1/uniform/request/list/route";
import { complianceFiltersSchema } from "@/lib/content/schemas";
import { searchQuerySchema } from "@/lib/search/schemas";
import { dateMessage, dateTimeMessage } from "@/lib/validation/dates";
import { parseRange } from "@/lib/forms/date-range";
import { parseMonthParam } from "@/lib/calendar/range";
import { toInstant } from "@/lib/dates/wall";
import { MESSAGES } from "@/lib/calendar/schemas";

const t = setupTestDatabase();
let who: Awaited<ReturnType<typeof actors>>;

beforeAll(async () => {
  who = await actors(t.db());
});

type Envelope = { code: number; status: string; message: string; content: Record<string, string[]> };

describe("GET /api/v1/search with a hostile date is 422, not 500", () => {
  it.each([
    ["q=a'b&from=0000-01-01", "from", dateMessage("The from date")],
    ["q=a'b&to=0000-01-01", "to", dateMessage("The to date")],
    ["q=a&from=2026-02-30", "from", dateMessage("The from date")],
    ["q=a&to=9999-12-31", "to", dateMessage("The to date")],
  ])("%s", async (qs, field, message) => {
    const res = await callRoute(searchRoute, apiRequest(`/api/v1/search?${qs}`, { token: who.staff.token }));
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect((res.json as Envelope).content[field]).toEqual([message]);
  });
});

describe("the compliance export and page with a hostile date", () => {
  const exportOf = (qs: string) =>
    exportBoard(
      new NextRequest(`http://localhost/api/export/compliance?${qs}`, {
        headers: { authorization: `Bearer ${who.admin.token}` },
      }),
      { params: Promise.resolve({}) },
    );
  it.each([
    ["from=0000-01-01", "from", dateMessage("Published from")],
    ["to=2026-02-30", "to", dateMessage("Published to")],
    ["from=2026-13-01&format=xlsx", "from", dateMessage("Published from")],
  ])("/api/export/compliance?%s is 422 naming the field", async (qs, field, message) => {
    const res = await exportOf(qs);
    expect(res.status).toBe(422);
    expect(((await res.json()) as Envelope).content[field]).toEqual([message]);
  });
  it("a real range still exports", async () => {
    expect((await exportOf("from=2024-02-29&to=2026-02-28")).status).toBe(200);
  });
  it("the /compliance page and the /search page drop such a filter (their schema refuses it) instead of querying with it", () => {
    for (const v of ["0000-01-01", "2026-02-30", "2026-13-01", "9999-12-31"]) {
      expect(complianceFiltersSchema.shape.from.safeParse(v).success, v).toBe(false);
      expect(complianceFiltersSchema.shape.to.safeParse(v).success, v).toBe(false);
      expect(searchQuerySchema.shape.from.safeParse(v).success, v).toBe(false);
    }
    expect(complianceFiltersSchema.shape.to.safeParse("2026-02-28").data).toBe("2026-02-28");
  });
});

describe("store_post's publish_at / expires_at / due_at", () => {
  const post = (extra: Record<string, unknown>) =>
    call(storePost, "/api/v1/store_post", {
      method: "POST",
      token: who.admin.token,
      body: { slug: "company-news", title: "Dated", description: "", ...extra },
    });

  it.each([
    ["publish_at", "9999-12-31T23:59:59-14:00", "'Publish at'"],
    ["expires_at", "9999-12-31T23:59:59-14:00", "'Expires at'"],
    ["due_at", "9999-12-31T23:59:59-14:00", "The due date"],
    ["expires_at", "0000-01-01T00:00:00Z", "'Expires at'"],
    ["publish_at", "2030-02-30T10:00:00Z", "'Publish at'"], // rolled to March 2 before
    ["expires_at", "2030-01-01T24:00:00Z", "'Expires at'"], // rolled to the next day before
    ["expires_at", "2030-01-01T10:00:00", "'Expires at'"], // no offset: not an instant
  ])("%s = %s is 422 naming the field, and nothing is stored", async (field, value, label) => {
    const before = await contentCounts(t.db());
    const res = await post({ [field]: value, ...(field === "due_at" ? { must_read: true } : {}) });
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect((res.json as Envelope).content[field]).toEqual([dateTimeMessage(label)]);
    expect(await contentCounts(t.db())).toEqual(before);
  });

  it("a real date-time with an offset is stored as that instant", async () => {
    const res = await post({ publish_at: "2030-03-01T09:00:00-08:00", expires_at: "2030-03-02T09:00:00-08:00" });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  });
});

describe("the uniform list's from_date / to_date", () => {
  it.each([
    ["from_date", "0000-01-01", dateMessage("The from date")],
    ["to_date", "2026-02-30", dateMessage("The to date")],
    ["to_date", "9999-12-31", dateMessage("The to date")],
  ])("%s = %s is 422 naming the field", async (field, value, message) => {
    const res = await call(uniformList, "/api/v1/uniform/request/list", {
      method: "POST",
      token: who.admin.token,
      body: { from_date: "2026-01-01", to_date: "2026-01-31", [field]: value },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect((res.json as Envelope).content[field]).toEqual([message]);
  });
  it("empty dates are no range, and a real range lists", async () => {
    for (const body of [
      { from_date: "", to_date: "" },
      { from_date: "2000-01-01", to_date: "2999-12-31" },
    ]) {
      const res = await call(uniformList, "/api/v1/uniform/request/list", {
        method: "POST",
        token: who.admin.token,
        body,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    }
  });
});

describe("the calendar's dates are read by the same parser", () => {
  it("getevents with an impossible start or end date is 422, not a rolled window", async () => {
    for (const qs of [
      "start_date=2026-02-30 00:00:00&end_date=2026-03-10 00:00:00&offset_minutes=480",
      "start_date=2026-03-01T00:00:00Z&end_date=2026-03-01T24:00:00Z",
      "start_date=0000-01-01T00:00:00Z&end_date=0000-01-20T00:00:00Z",
    ]) {
      const res = await callRoute(getEvents, apiRequest(`/api/v1/getevents?${qs}`, { token: who.staff.token }));
      expect(res.status, qs).toBe(422);
    }
  });

  it("addupdateevent with an impossible start is 422 on the start", async () => {
    const res = await call(addUpdateEvent, "/api/v1/addupdateevent", {
      method: "POST",
      token: who.admin.token,
      body: { title: "Impossible", colorcode: 1, startDate: "2026-02-30T10:00:00Z" },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(422);
    expect((res.json as Envelope).content.startDate).toEqual([MESSAGES.startInvalid]);
  });

  it("wall-clock and absolute times, the month and the list's range refuse what does not exist", () => {
    expect(toInstant("2026-02-30 10:00", "America/Los_Angeles")).toBeNull();
    expect(toInstant("2026-01-01T24:00:00Z", "UTC")).toBeNull();
    expect(toInstant("9999-12-31T23:59:59-14:00", "UTC")).toBeNull();
    expect(toInstant("2026-03-01T09:00:00-08:00", "UTC")?.toISOString()).toBe("2026-03-01T17:00:00.000Z");
    expect(parseMonthParam("2026-13")).toBeNull();
    expect(parseMonthParam("0000-01")).toBeNull();
    expect(parseMonthParam("2026-02")).toEqual({ year: 2026, month: 2 });
    expect(parseRange("0000-01-01..2026-01-01")).toBeNull();
    expect(parseRange("2026-02-01..2026-02-30")).toBeNull();
  });
});
