/**
 * Every export writes its dates and times in the portal's time zone (lib/data-table/export.ts exportFile):
 * each export route under app/api/export is found on disk and downloaded as CSV and XLSX with records
 * dated after 4 PM in California (already the next day in UTC). A route without a case here fails, and
 * so does a date column an export gains without being named in its case.
 */
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { NextRequest } from "next/server";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { schema } from "@/lib/db";
import { resolveToken, type SessionUser } from "@/lib/auth/session";
import { apiRequest, setupTestDatabase, tokenFor } from "@/test/db";
import { csvRecords, readXlsx, serialOf } from "@/test/export-files";
import { listRouteFiles, ROOT } from "@/test/entry-points";
import { call } from "@/test/content/helpers";
import { formatInZone } from "@/lib/dates/format";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import type { AnyList } from "@/lib/data-table/list-definition";
import { POST as storePost } from "@/app/api/v1/store_post/route";
import { POST as acknowledge } from "@/app/api/v1/acknowledge/route";
import { recordSeen } from "@/lib/content/must-read/mutations";
import { userList } from "@/lib/users/queries";
import { mappingList } from "@/lib/forms/email-manager/queries";
import { roReversalList } from "@/lib/forms/ro-reversal/queries";
import { techTimeList } from "@/lib/forms/tech-time/queries";
import { timeOffList } from "@/lib/forms/time-off/queries";
import { suggestionList } from "@/lib/forms/suggestions/queries";
import { uniformList } from "@/lib/forms/uniform/queries";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** The export routes on disk: app/api/export/<name>/route.ts. */
const routes = listRouteFiles().filter((f) => f.startsWith("app/api/export/"));
const routeName = (file: string) => /^app\/api\/export\/([^/]+)\/route\.ts$/.exec(file)?.[1] ?? file;

/** 5:47 PM on Jan 15 in California: 01:47 on Jan 16 in UTC. */
const AT = new Date("2026-01-16T01:47:00Z");
/** A due time of 5:30 PM on Dec 1 in California: 01:30 on Dec 2 in UTC. */
const DUE = new Date("2026-12-02T01:30:00Z");
/** A form's own day (no zone). */
const DAY = "2026-01-15";

/** What a column must hold: a local date and time (an instant), or a day. */
type Local = [y: number, m: number, d: number, h?: number, min?: number];
const AT_LOCAL: Local = [2026, 1, 15, 17, 47];
const DAY_LOCAL: Local = [2026, 1, 15];

type Case = {
  /** The export's path (with its query, or signed for the list exports) in a format. */
  path: (format: "csv" | "xlsx") => string;
  /** The export's date and time columns and what they must say. */
  dates: Record<string, Local>;
};

const t = setupTestDatabase();
let admin: { token: string; user: SessionUser };
let postId: number;

/** A list export's link, signed for the administrator (as the list call makes it). */
const listLink = (list: AnyList) => (f: "csv" | "xlsx") => {
  const url = new URL(
    list.signExport({ userId: admin.user.id, f, q: {}, o: list.definition.query.defaultSort }, "http://localhost"),
  );
  return `${url.pathname}${url.search}`;
};

/** The request-state columns every staff form's export ends with, and its 'Updated At'. */
const stateDates = (updatedAt = "Updated At"): Record<string, Local> => ({
  [updatedAt]: AT_LOCAL,
  "Decided At": AT_LOCAL,
});

const CASES: Record<string, Case> = {
  users: { path: listLink(userList), dates: {} },
  "form-email-mappings": { path: listLink(mappingList), dates: { "Updated At": AT_LOCAL } },
  roreversal: {
    path: listLink(roReversalList),
    dates: { "Date Of Request": DAY_LOCAL, "Date RA": DAY_LOCAL, ...stateDates() },
  },
  techtime: { path: listLink(techTimeList), dates: { Date: DAY_LOCAL, ...stateDates() } },
  timeoff: { path: listLink(timeOffList), dates: { "Date From": DAY_LOCAL, "Date To": DAY_LOCAL, ...stateDates() } },
  "improvement-suggestions": { path: listLink(suggestionList), dates: { Date: DAY_LOCAL, ...stateDates() } },
  "uniform-requests": { path: listLink(uniformList), dates: stateDates() },
  "read-status": {
    path: (f) => `/api/export/read-status?salesId=${postId}&format=${f}`,
    dates: { "Acknowledged at": AT_LOCAL, "Last seen at": AT_LOCAL },
  },
  compliance: {
    // Published on Jan 15 in California (Jan 16 in UTC): the board's days are the portal's too.
    path: (f) => `/api/export/compliance?from=2026-01-15&to=2026-01-15&format=${f}`,
    dates: { Published: AT_LOCAL, Due: [2026, 12, 1, 17, 30] },
  },
};

const mmddyyyy = ([y, m, d]: Local) => `${String(m).padStart(2, "0")}/${String(d).padStart(2, "0")}/${y}`;

beforeAll(async () => {
  const db = t.db();
  const token = await tokenFor(db, "admin");
  admin = { token, user: (await resolveToken(token))! };
  const staffToken = await tokenFor(db, "staff");
  const [location] = await db.select().from(schema.locations).limit(1);
  const submitted = {
    locationId: location.id,
    createdBy: admin.user.id,
    updatedBy: admin.user.id,
    status: "approved" as const,
    decidedBy: admin.user.id,
    decidedAt: AT,
    createdAt: AT,
    updatedAt: AT,
  };
  await db
    .insert(schema.roReversals)
    .values({ ...submitted, employeeName: "Rita", dateOfRequest: DAY, fullRa: "RA-1", dateRaClosed: DAY, reason: "x" });
  await db
    .insert(schema.techTimes)
    .values({ ...submitted, employeeNumber: "T-1", employeeName: "Tom", employeeEmail: "tom@example.com", date: DAY });
  await db
    .insert(schema.timeOffRequests)
    .values({ ...submitted, employeeName: "Tia", dateFrom: DAY, dateTo: DAY, type: "Vacation" });
  const named = { ...submitted, locationId: location.id, locationName: location.name, updatedByName: "Alex Admin" };
  await db.insert(schema.improvementSuggestions).values({ ...named, name: "Pat", date: DAY, email: "pat@example.com" });
  await db.insert(schema.uniformRequests).values({
    ...named,
    designationId: 2,
    employeeFirstName: "Tess",
    employeeLastName: "Tech",
    newHire: true,
    newOrder: true,
    reOrder: false,
    requestorName: "Sam",
    wearId: 3,
    sizes: "M",
    comment: "",
  });
  await db.insert(schema.formEmailMappings).values({
    formKey: "ro_reversal",
    locationId: location.id,
    toEmails: ["to@example.com"],
    updatedBy: admin.user.id,
    updatedAt: AT,
  });

  const saved = await call(storePost, "/api/v1/store_post", {
    method: "POST",
    token,
    body: { slug: "company-news", title: "Late notice", description: "", must_read: true },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  postId = saved.json.content.id;
  const acked = await call(acknowledge, "/api/v1/acknowledge", {
    method: "POST",
    token: staffToken,
    body: { salesId: postId },
  });
  expect(acked.status).toBe(200);
  const [staff] = await db.select().from(schema.users).where(eq(schema.users.username, "staff"));
  await recordSeen(postId, staff.id);
  await db.update(schema.posts).set({ createdAt: AT, publishedAt: AT, dueAt: DUE }).where(eq(schema.posts.id, postId));
  await db.update(schema.postAcknowledgements).set({ acknowledgedAt: AT });
  await db.update(schema.postViews).set({ lastSeenAt: AT });
});

describe("every export", () => {
  it("has a case here", () => {
    const names = routes.map(routeName).sort();
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual(Object.keys(CASES).sort());
  });

  it.each(routes.map((file) => [routeName(file), file] as const))(
    "%s writes dates and times in the portal's zone, after 4 PM too",
    async (name, file) => {
      const c = CASES[name];
      const { GET } = (await import(/* @vite-ignore */ path.join(ROOT, file))) as { GET: Handler };
      const today = formatInZone(Date.now(), PORTAL_TIME_ZONE, "yyyy-MM-dd");
      for (const format of ["csv", "xlsx"] as const) {
        const res = await GET(apiRequest(c.path(format), { token: admin.token }), { params: Promise.resolve({}) });
        expect(res.status, `${name} ${format}`).toBe(200);
        // The file is named after the portal's day, not UTC's.
        expect(res.headers.get("content-disposition"), name).toContain(`-${today}.${format}`);
        if (format === "csv") {
          const rows = csvRecords(await res.text());
          expect(rows.length, name).toBeGreaterThan(0);
          for (const [header, local] of Object.entries(c.dates)) {
            const values = rows.map((r) => r[header]).filter(Boolean);
            expect(values.length, `${name} ${header}`).toBeGreaterThan(0);
            for (const v of values) expect(v, `${name} ${header}`).toBe(mmddyyyy(local));
          }
          continue;
        }
        const x = readXlsx(new Uint8Array(await res.arrayBuffer()));
        const seen = new Set<string>();
        for (const cell of x.cells.values()) {
          if (x.formatOf(cell.style) !== "mm/dd/yyyy") continue;
          const header = x.headers[columnIndex(cell.ref)];
          const local = c.dates[header];
          expect(local, `${name}: the date column '${header}' needs naming in its case`).toBeDefined();
          expect(Number(cell.value), `${name} ${header} ${cell.ref}`).toBeCloseTo(serialOf(...local), 8);
          seen.add(header);
        }
        expect([...seen].sort(), name).toEqual(Object.keys(c.dates).sort());
      }
    },
  );
});

/** The 0-based column of a cell reference ('AB12' is 27). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)![0]) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
