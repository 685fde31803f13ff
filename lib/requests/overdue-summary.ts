import "server-only";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { getDb, schema } from "@/lib/db";
import { rolesWith } from "@/lib/auth/roles";
import { FORM_KEYS, type FormKey } from "@/lib/forms/form-keys";
import { staffFormHref } from "@/lib/forms/registry";
import { enqueueMails } from "@/lib/mail/outbox";
import { publicOrigin } from "@/lib/http/forwarded";
import { backgroundLoop, startPeriodicJob } from "@/lib/jobs/background-loop";
import { logger } from "@/lib/log";
import { PORTAL_TIME_ZONE } from "@/lib/dates/zone";
import { formatInZone } from "@/lib/dates/format";
import { REQUEST_TABLES, STAFF_FORM_REGISTRATIONS } from "@/lib/forms/registry-server";
import { overdueWhere } from "./targets";
import { decidableWhere } from "./access";

/** At most this many requests are listed in one summary (the rest are counted). */
const LISTED = 200;

/** The day (YYYY-MM-DD) of `now` in the dealerships' zone. */
export const dealershipDay = (now: Date) => formatInZone(now, PORTAL_TIME_ZONE, "yyyy-MM-dd");

type Overdue = { form: FormKey; id: number; reference: string; dueAt: Date };

/** The overdue requests `approver` may decide (decidableWhere: the decider rule, assignments included; never their own). */
async function overdueFor(approver: { id: number; roleId: number }): Promise<{ rows: Overdue[]; total: number }> {
  const db = await getDb();
  const out: Overdue[] = [];
  let total = 0;
  for (const form of FORM_KEYS) {
    const t = REQUEST_TABLES[form];
    const where = and(overdueWhere(t), decidableWhere(t, form, approver));
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(where);
    total += n;
    if (n && out.length < LISTED) {
      const rows = await db
        .select({ id: t.id, reference: STAFF_FORM_REGISTRATIONS[form].reference, dueAt: t.dueAt })
        .from(t)
        .where(where)
        .orderBy(t.dueAt, t.id)
        .limit(LISTED - out.length);
      out.push(...rows.map((r) => ({ form, id: r.id, reference: r.reference, dueAt: r.dueAt! })));
    }
  }
  return { rows: out, total };
}

/**
 * Sends each approver (administrators and the users a mapping names) one summary of their overdue
 * requests a day, through the outbox; none when they have none. Each approver is claimed for the day
 * (overdue_summaries) in the transaction that queues the mail, so two server processes never both send.
 */
export async function sendOverdueSummaries(now = new Date()): Promise<{ sent: number }> {
  const db = await getDb();
  const day = dealershipDay(now);
  const u = schema.users;
  const approvers = await db
    .selectDistinct({ id: u.id, roleId: u.roleId, email: u.email })
    .from(u)
    .where(
      and(
        eq(u.status, "active"),
        or(
          inArray(u.roleId, [...rolesWith("decideEveryRequest")]),
          and(
            inArray(u.roleId, [...rolesWith("decideRequests")]),
            // Named by a mapping, or assigned a request by an administrator (decidableWhere's two ways).
            or(
              sql`${u.id} in (select user_id from form_mapping_approvers)`,
              ...FORM_KEYS.map((form) => {
                const t = REQUEST_TABLES[form];
                return sql`${u.id} in (select ${t.assignedTo} from ${t} where ${t.assignedTo} is not null)`;
              }),
            ),
          ),
        ),
      ),
    );
  const s = schema.overdueSummaries;
  const done = new Set((await db.select({ userId: s.userId }).from(s).where(eq(s.day, day))).map((r) => r.userId));
  let sent = 0;
  for (const a of approvers) {
    if (done.has(a.id) || !a.email) continue;
    const { rows, total } = await overdueFor(a);
    if (!total) continue;
    const base = publicOrigin();
    const lines = rows.map(
      (r) =>
        `${r.reference} (#${r.id}, due ${r.dueAt.toISOString().slice(0, 10)}): ${new URL(staffFormHref(r.form, "view", r.id), base)}`,
    );
    if (total > rows.length) lines.push(`… and ${total - rows.length} more.`);
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(s)
        .values({ userId: a.id, day })
        .onConflictDoUpdate({ target: s.userId, set: { day, updatedAt: now }, setWhere: ne(s.day, day) })
        .returning({ userId: s.userId });
      if (!claimed.length) return;
      await enqueueMails(tx, [
        {
          to: a.email!,
          subject: `Overdue requests: ${total}`,
          text: [`${total} request(s) you can decide are past their deadline:`, "", ...lines, ""].join("\n"),
        },
      ]);
      sent++;
    });
  }
  return { sent };
}

const loop = backgroundLoop("overdue-summary");

/** Checks hourly (OVERDUE_SUMMARY_MINUTES, 0 for never) and sends the day's summaries from 07:00 Pacific on. */
export function startOverdueSummaries(): boolean {
  return startPeriodicJob(loop, {
    env: "OVERDUE_SUMMARY_MINUTES",
    firstRoundMs: 120_000,
    failed: "overdue summaries failed",
    round: async () => {
      const hour = Number(formatInZone(new Date(), PORTAL_TIME_ZONE, "H"));
      if (hour < 7) return;
      const r = await sendOverdueSummaries();
      if (r.sent) logger.info(r, "overdue summaries queued");
    },
  });
}
