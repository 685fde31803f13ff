/**
 * What each staff form's request is called (lib/forms/references.ts, docs/features/requests.md): the reference
 * every place that names a request reads, over the table by its name and over the search's alias alike; two
 * tech time forms of the same person never read the same.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";

vi.mock("next/headers", () => import("@/test/mock-next-headers"));

import { setupTestDatabase } from "@/test/db";
import { firstLocations } from "@/test/content/helpers";
import { schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import type { FormKey } from "@/lib/forms/form-keys";
import { STAFF_FORM_REGISTRATIONS, readRequestReference } from "@/lib/forms/registry-server";
import { techTimeRowsText } from "@/lib/forms/tech-time/columns";
import { WEAR } from "@/lib/forms/uniform/schemas";

const t = setupTestDatabase();
let locationId: number;

beforeAll(async () => {
  [locationId] = await firstLocations(t.db(), 1);
});

/** The reference read by the table's name (mails, lists) and by the search's alias `t`: both must agree. */
async function referenceOf(form: FormKey, id: number): Promise<string> {
  const byName = await readRequestReference(t.db(), form, id);
  const { referenceOf: over, tableName } = STAFF_FORM_REGISTRATIONS[form];
  const [aliased] = rowsOf<{ r: string }>(
    await t.db().execute(sql`select ${over(sql.raw("t"))} as r from ${sql.raw(tableName)} t where t.id = ${id}`),
  );
  expect(aliased.r).toBe(byName);
  return byName!;
}

describe("a request's reference", () => {
  it("RO reversal: its RA number and the employee", async () => {
    const [ro] = await t
      .db()
      .insert(schema.roReversals)
      .values({
        employeeName: "Sam Staff",
        dateOfRequest: "2026-11-26",
        fullRa: "RA-300010",
        dateRaClosed: "2026-11-25",
        reason: "Labour line twice",
      })
      .returning();
    expect(await referenceOf("ro_reversal", ro.id)).toBe("RO reversal RA-300010 · Sam Staff");
    expect(await readRequestReference(t.db(), "ro_reversal", ro.id + 1000)).toBeNull();
  });

  it("tech time: its date and first RO number; '#id' only where another form of the person reads the same", async () => {
    const form = async (date: string, ros: string[], employeeName = "Terry Tech") => {
      const [row] = await t
        .db()
        .insert(schema.techTimes)
        .values({ employeeNumber: "T-1", employeeName, employeeEmail: "terry@example.com", date })
        .returning();
      if (ros.length)
        await t
          .db()
          .insert(schema.techTimeRows)
          .values(ros.map((roNumber, position) => ({ techTimeId: row.id, kind: "shop" as const, position, roNumber })));
      return row.id;
    };
    const a = await form("2026-11-26", ["", "88231", "90000"]);
    const b = await form("2026-11-26", ["88232"]);
    const c = await form("2026-11-27", []);
    expect(await referenceOf("tech_time", a)).toBe("Tech time 11/26 RO 88231");
    expect(await referenceOf("tech_time", b)).toBe("Tech time 11/26 RO 88232");
    expect(await referenceOf("tech_time", c)).toBe("Tech time 11/27");
    // The same person, day and RO: both get their id; someone else's form on that day and RO changes nothing.
    const twin = await form("2026-11-26", ["88231"]);
    await form("2026-11-27", [], "Other Person");
    expect(await referenceOf("tech_time", a)).toBe(`Tech time 11/26 RO 88231 #${a}`);
    expect(await referenceOf("tech_time", twin)).toBe(`Tech time 11/26 RO 88231 #${twin}`);
    expect(await referenceOf("tech_time", b)).toBe("Tech time 11/26 RO 88232");
    expect(await referenceOf("tech_time", c)).toBe("Tech time 11/27");
  });

  it("improvement suggestion: what it proposes, on one line and cut, then who", async () => {
    const suggestion = async (describeCurrentProcessAndProblem: string | null) => {
      const [row] = await t
        .db()
        .insert(schema.improvementSuggestions)
        .values({
          name: "Sue Gester",
          date: "2026-11-26",
          locationId,
          locationName: "Valley",
          email: "sue@example.com",
          describeCurrentProcessAndProblem,
        })
        .returning();
      return row.id;
    };
    expect(await referenceOf("improvement_suggestion", await suggestion("Recycle\n  the cardboard"))).toBe(
      "Suggestion · Recycle the cardboard · Sue Gester",
    );
    const long = await referenceOf("improvement_suggestion", await suggestion(`${"word ".repeat(30)}end`));
    expect(long).toBe(`Suggestion · ${"word ".repeat(12).trim()}… · Sue Gester`);
    const empty = await suggestion("  ");
    expect(await referenceOf("improvement_suggestion", empty)).toBe(`Suggestion · #${empty} · Sue Gester`);
  });

  it("uniform: the wear and its quantity (a technician's shirts and pants apart), and whom it is for", async () => {
    const uniform = async (v: { wearId: number; quantity?: number; shirtQuantity?: number; pantQuantity?: number }) => {
      const [row] = await t
        .db()
        .insert(schema.uniformRequests)
        .values({
          designationId: 2,
          locationId,
          locationName: "Valley",
          employeeFirstName: "Una",
          employeeLastName: "Form",
          newHire: false,
          newOrder: true,
          reOrder: false,
          requestorName: "Una Form",
          sizes: "L",
          comment: "",
          ...v,
        })
        .returning();
      return row.id;
    };
    expect(await referenceOf("uniform_request", await uniform({ wearId: WEAR.polo, quantity: 3 }))).toBe(
      "Uniform · Polo × 3 · Una Form",
    );
    expect(
      await referenceOf(
        "uniform_request",
        await uniform({ wearId: WEAR.shirtAndPant, shirtQuantity: 2, pantQuantity: 1 }),
      ),
    ).toBe("Uniform · Shirt × 2 + Pant × 1 · Una Form");
  });

  it("time off: its days (a half day says so)", async () => {
    const timeOff = async (dateFrom: string, dateTo: string, halfDay = false) => {
      const [row] = await t
        .db()
        .insert(schema.timeOffRequests)
        .values({ employeeName: "Tim Off", dateFrom, dateTo, halfDay, type: "Vacation" })
        .returning();
      return row.id;
    };
    expect(await referenceOf("time_off_request", await timeOff("2026-12-01", "2026-12-05"))).toBe(
      "Time off 12/01–12/05 · Tim Off",
    );
    expect(await referenceOf("time_off_request", await timeOff("2026-12-08", "2026-12-08", true))).toBe(
      "Time off 12/08 (half day) · Tim Off",
    );
  });
});

describe("a tech time form's rows' text (its search vector reads it)", () => {
  it("keeps each row's RO number, customer, reason and job, attendance rows first", () => {
    expect(
      techTimeRowsText(
        [{ reason: "Forgot to clock in" }, { reason: "" }],
        [{ roNumber: "88231", customerName: "Pat Doe", reason: "Flagged twice", job: "B" }],
      ),
    ).toBe("Forgot to clock in 88231 Pat Doe Flagged twice B");
  });
});
