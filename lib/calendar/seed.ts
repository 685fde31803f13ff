import { eq, sql } from "drizzle-orm";
import { schema, type Db, type Tx } from "@/lib/db";
import { occurrenceBounds, type SeriesInput } from "./recurrence";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { toInstant } from "@/lib/dates/wall";

export const SEED_CALENDAR_KEYS = [
  { name: "Company Event", colorCode: "#2563eb" },
  { name: "CIC Monthly Meeting", colorCode: "#16a34a" },
  { name: "Training", colorCode: "#d97706" },
  { name: "Holiday", colorCode: "#dc2626" },
] as const;

/**
 * Demo calendar keys and events around the current month (a weekly sales meeting, the monthly CIC
 * meeting, a yearly anniversary, training days, an inactive draft). Runs only on a database without
 * calendar keys, so it is idempotent.
 */
export async function seedCalendarDemo(db: Db | Tx, opts: { createdBy: number | null; now?: Date }) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.calendarKeys);
  if (n > 0) return;
  const keys = await db
    .insert(schema.calendarKeys)
    .values(SEED_CALENDAR_KEYS.map((k) => ({ ...k, createdBy: opts.createdBy, updatedBy: opts.createdBy })))
    .returning({ id: schema.calendarKeys.id, name: schema.calendarKeys.name });
  const key = (name: string) => keys.find((k) => k.name === name)!.id;
  const now = opts.now ?? new Date();
  const ym = (monthOffset: number, day: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthOffset, day));
    return d.toISOString().slice(0, 10);
  };
  /** The first Monday on or after a `YYYY-MM-DD` day (the weekly meeting starts on one). */
  const mondayFrom = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    return new Date(d.getTime() + ((8 - d.getUTCDay()) % 7) * 86_400_000).toISOString().slice(0, 10);
  };
  const tz = PORTAL_TIME_ZONE;
  const at = (wall: string) => toInstant(wall, tz);
  type Demo = Omit<SeriesInput, "timeZone" | "interval" | "recurrence" | "daysOfWeek"> & {
    /** One-off events have neither. */
    recurrence?: SeriesInput["recurrence"];
    daysOfWeek?: SeriesInput["daysOfWeek"];
    title: string;
    key: string;
    description: string;
    keyDescription?: string;
    status?: "active" | "inactive";
    contactPerson?: string;
    contactEmail?: string;
    contactNumber?: string;
  };
  /** A one-off event from `start` to `end` (`YYYY-MM-DD HH:mm` in the demo's zone). */
  const oneOff = (start: string, end: string) => ({ type: "normal" as const, startsAt: at(start), endsAt: at(end) });
  const demo: Demo[] = [
    {
      title: "Monday Sales Meeting",
      key: "Company Event",
      description: "Weekly sales review for all dealership managers.",
      type: "recursive",
      recurrence: "weekly",
      daysOfWeek: [1],
      startsAt: at(`${mondayFrom(ym(-12, 1))} 09:00`),
      endsAt: at(`${mondayFrom(ym(-12, 1))} 10:00`),
      repeatUntil: ym(24, 28),
      contactPerson: "Morgan Manager",
      contactEmail: "manager@example.com",
      contactNumber: "(555) 010-2000",
    },
    {
      title: "CIC Monthly Meeting",
      key: "CIC Monthly Meeting",
      description: "Continuous improvement committee: suggestions review and follow-ups.",
      keyDescription: "Bring the month's suggestion list.",
      type: "recursive",
      recurrence: "monthly",
      startsAt: at(`${ym(-6, 15)} 14:00`),
      endsAt: at(`${ym(-6, 15)} 15:30`),
      repeatUntil: ym(18, 15),
      contactPerson: "Alex Admin",
      contactEmail: "admin@example.com",
    },
    {
      title: "Company Anniversary",
      key: "Holiday",
      description: "The group was founded on this day.",
      type: "recursive",
      recurrence: "yearly",
      startsAt: at(`${ym(-24, 20)} 00:00`),
      endsAt: at(`${ym(-24, 20)} 23:59`),
    },
    {
      title: "Warranty Process Training",
      key: "Training",
      description: "Hands-on session for service advisors. Lunch provided.",
      ...oneOff(`${ym(0, 9)} 10:00`, `${ym(0, 9)} 12:30`),
      contactPerson: "Sam Staff",
      contactNumber: "555-0100",
    },
    {
      title: "Service Department Open House",
      key: "Company Event",
      description: "Customers tour the new service bays.",
      ...oneOff(`${ym(0, 22)} 00:00`, `${ym(0, 23)} 23:59`),
    },
    {
      title: "Safety Refresher (draft)",
      key: "Training",
      description: "Not yet confirmed.",
      status: "inactive",
      ...oneOff(`${ym(0, 27)} 13:00`, `${ym(0, 27)} 14:00`),
    },
    {
      title: "Technician Certification Day",
      key: "Training",
      description: "Manufacturer certification exams.",
      ...oneOff(`${ym(1, 5)} 08:00`, `${ym(1, 5)} 17:00`),
    },
  ];
  await db.insert(schema.calendarEvents).values(
    demo.map((d) => {
      const series: SeriesInput = {
        type: d.type,
        recurrence: d.recurrence ?? null,
        daysOfWeek: d.daysOfWeek ?? null,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        repeatUntil: d.repeatUntil ?? null,
        timeZone: tz,
      };
      return {
        title: d.title,
        calendarKeyId: key(d.key),
        description: d.description,
        keyDescription: d.keyDescription ?? "",
        status: d.status ?? "active",
        ...series,
        contactPerson: d.contactPerson ?? "",
        contactEmail: d.contactEmail ?? "",
        contactNumber: d.contactNumber ?? "",
        createdBy: opts.createdBy,
        updatedBy: opts.createdBy,
        ...occurrenceBounds(series),
      };
    }),
  );
  // The built-in CIC Monthly Meetings page shows the CIC key's events (migration 0020 does the same for
  // databases seeded before it).
  const [cic] = await db
    .select({ id: schema.menus.id })
    .from(schema.menus)
    .where(eq(schema.menus.slug, "cic-monthly-meetings"));
  if (cic)
    await db
      .insert(schema.menuCalendarKeys)
      .values({ menuId: cic.id, calendarKeyId: key("CIC Monthly Meeting") })
      .onConflictDoNothing();
}
