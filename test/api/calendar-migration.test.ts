import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { rowsOf } from "@/lib/db/rows";
import { expandOccurrences } from "@/lib/calendar/recurrence";

/**
 * Migration 0020 on rows in the old shape: the columns it replaces are put back in this file's private
 * database, old rows written, and the migration's own statements that move the data run on them.
 */
const t = setupTestDatabase();

const MIGRATION = path.join(process.cwd(), "db", "migrations", "0021_calendar_series_ranges.sql");

/** The migration's statements that move data and tighten the checks (the new tables and columns exist already). */
function dataStatements(): string[] {
  return fs
    .readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(
      (s) =>
        /^(UPDATE|INSERT)\b/.test(s) ||
        /^ALTER TABLE "calendar_events" (DROP COLUMN|ADD CONSTRAINT "calendar_events_(days_of_week|recurrence)_check")/.test(
          s,
        ),
    );
}

describe("migration 0020 (series ranges)", () => {
  it("gives undated weekly rows their creation date (weekday kept) and splits a series' old end into end time and last date", async () => {
    const db = t.db();
    const [key] = await db.select({ id: schema.calendarKeys.id }).from(schema.calendarKeys).limit(1);
    await db.execute(sql.raw(`ALTER TABLE calendar_events ADD COLUMN day_of_week smallint`));
    await db.execute(sql.raw(`ALTER TABLE calendar_events DROP CONSTRAINT calendar_events_recurrence_check`));
    await db.execute(sql.raw(`ALTER TABLE calendar_events DROP CONSTRAINT calendar_events_days_of_week_check`));
    const inserted = rowsOf<{ id: number; title: string }>(
      await db.execute(sql`
        insert into calendar_events (title, calendar_key_id, type, recurrence, day_of_week, starts_at, ends_at, time_zone, created_at, updated_at)
        values
          ('Old undated weekly', ${key.id}, 'recursive', 'weekly', 3, null, null, 'America/Los_Angeles', '2025-06-10T20:00:00Z', '2025-06-10T20:00:00Z'),
          ('Old dated monthly', ${key.id}, 'recursive', 'monthly', null, '2025-01-15T22:00:00Z', '2026-06-15T23:30:00Z', 'America/Los_Angeles', now(), now()),
          ('Old late weekly', ${key.id}, 'recursive', 'weekly', 5, '2025-01-03T06:00:00Z', '2025-12-26T08:00:00Z', 'America/Los_Angeles', now(), now())
        returning id, title`),
    );
    const id = (title: string) => inserted.find((r) => r.title === title)!.id;

    for (const statement of dataStatements()) await db.execute(sql.raw(statement));

    const row = async (title: string) =>
      (
        await db
          .select()
          .from(schema.calendarEvents)
          .where(eq(schema.calendarEvents.id, id(title)))
      )[0];
    const weekly = await row("Old undated weekly");
    // Created 2025-06-10 13:00 in California (a Tuesday): from that day, all day, on Wednesdays.
    expect(weekly).toMatchObject({
      daysOfWeek: [3],
      repeatUntil: null,
      startsAt: new Date("2025-06-10T07:00:00Z"),
      endsAt: new Date("2025-06-11T06:59:00Z"),
      occursFrom: new Date("2025-06-10T07:00:00Z"),
      occursUntil: null,
    });
    const series = (r: typeof weekly) => ({
      type: r.type,
      recurrence: r.recurrence,
      daysOfWeek: r.daysOfWeek,
      interval: r.repeatInterval,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
      repeatUntil: r.repeatUntil,
      timeZone: r.timeZone,
    });
    const june = expandOccurrences(series(weekly), {
      start: new Date("2025-01-01T00:00:00Z"),
      end: new Date("2025-07-01T00:00:00Z"),
    });
    expect(june.map((o) => [o.allDay, o.startDate])).toEqual([
      [true, "2025-06-11"],
      [true, "2025-06-18"],
      [true, "2025-06-25"],
    ]);

    const monthly = await row("Old dated monthly");
    // 14:00 to 16:30 on the 15th, until 15 June 2026.
    expect(monthly).toMatchObject({
      daysOfWeek: null,
      repeatUntil: "2026-06-15",
      startsAt: new Date("2025-01-15T22:00:00Z"),
      endsAt: new Date("2025-01-16T00:30:00Z"),
    });
    const occ = expandOccurrences(series(monthly), {
      start: new Date("2020-01-01T00:00:00Z"),
      end: new Date("2030-01-01T00:00:00Z"),
    });
    expect(occ).toHaveLength(18);
    expect(occ.at(-1)!.end.toISOString()).toBe("2026-06-15T23:30:00.000Z");
    expect(monthly.occursUntil!.getTime()).toBeGreaterThanOrEqual(occ.at(-1)!.end.getTime());

    const late = await row("Old late weekly");
    // 22:00 to 00:00 the next day (the old end's time was before the start's): the first one ends on 3 January.
    expect(late).toMatchObject({
      daysOfWeek: [5],
      repeatUntil: "2025-12-26",
      endsAt: new Date("2025-01-03T08:00:00Z"),
    });

    const columns = rowsOf<{ name: string }>(
      await db.execute(
        sql`select column_name as name from information_schema.columns where table_name = 'calendar_events'`,
      ),
    ).map((c) => c.name);
    expect(columns).not.toContain("day_of_week");
  });
});
