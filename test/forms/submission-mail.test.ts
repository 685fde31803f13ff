/**
 * lib/forms/submission-mail.ts against a real database and the loopback SMTP server: routing by the
 * form email manager's mapping, the manager and the submitter's copy, HTML and plain text, the
 * record's link, and a submission without a mapping (saved, mailed to the manager, unrouted).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { setupTestDatabase } from "@/test/db";
import { schema } from "@/lib/db";
import { createMailTransport, type MailTransport } from "@/lib/mail/transport";
import { deliverDue } from "@/lib/mail/sender";
import { enqueueSubmissionMail } from "@/lib/forms/submission-mail";
import { getFormLocation, listFormLocations } from "@/lib/forms/locations";
import { startTestSmtp, type TestSmtp } from "@/test/mail/smtp";

const t = setupTestDatabase();
const FROM = "Staff Portal <no-reply@portal.example.com>";
let smtp: TestSmtp;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startTestSmtp();
  transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
});
afterAll(async () => {
  transport?.close();
  await smtp?.stop();
});
beforeEach(async () => {
  await t.db().delete(schema.mailOutbox);
  await t.db().delete(schema.formEmailMappings);
  smtp.received.length = 0;
});

const input = (locationId: number | null, managerEmail: string | null) => ({
  form: "ro_reversal" as const,
  locationId,
  managerEmail,
  submitter: { id: 1, name: "Sam Staff", email: "staff@example.com" },
  title: "RO Reversal Request: Jane <b>Doe</b>",
  fields: [
    { label: "Employee Name", value: "Jane <b>Doe</b>" },
    { label: "Reason", value: "Line one\nLine two" },
  ],
  recordPath: "/roreversal/edit/42",
  baseUrl: "https://portal.example.com",
});

describe("locations", () => {
  it("lists department 5's locations and finds one by id, not one of another department or none", async () => {
    const list = await listFormLocations();
    expect(list.length).toBeGreaterThanOrEqual(4);
    const first = list[0];
    expect(await getFormLocation(t.db(), first.id)).toEqual({
      id: first.id,
      name: first.name,
      managerEmail: first.managerEmail,
    });
    expect(await getFormLocation(t.db(), 999_999)).toBeNull();
    expect(await getFormLocation(t.db(), -1)).toBeNull();
    await t.db().insert(schema.departments).values({ id: 77, name: "Other" }).onConflictDoNothing();
    const [other] = await t.db().insert(schema.locations).values({ name: "Elsewhere", departmentId: 77 }).returning();
    expect(await getFormLocation(t.db(), other.id)).toBeNull();
  });
});

describe("enqueueSubmissionMail", () => {
  it("sends one mail to the mapping's To/CC plus the manager, and a copy to the submitter, in HTML and text", async () => {
    const [loc] = await listFormLocations();
    await t
      .db()
      .insert(schema.formEmailMappings)
      .values({
        formKey: "ro_reversal",
        locationId: loc.id,
        toEmails: ["to1@example.com", "mgr@example.com"],
        ccEmails: ["cc1@example.com", "TO1@example.com"],
      });
    const res = await t.db().transaction((tx) => enqueueSubmissionMail(tx, input(loc.id, "mgr@example.com")));
    expect(res).toEqual({ routed: true });
    const rows = await t.db().select().from(schema.mailOutbox).orderBy(asc(schema.mailOutbox.id));
    expect(rows).toHaveLength(2);
    expect(rows[0].toAddresses).toEqual(["to1@example.com", "mgr@example.com"]);
    expect(rows[0].ccAddresses).toEqual(["cc1@example.com"]);
    expect(rows[1].toAddresses).toEqual(["staff@example.com"]);

    expect((await deliverDue({ transport, from: FROM })).sent).toBe(2);
    const main = smtp.received.find((m) => m.rcpt.includes("to1@example.com"))!;
    expect(main.rcpt.sort()).toEqual(["cc1@example.com", "mgr@example.com", "to1@example.com"]);
    expect(main.text).toContain("Employee Name: Jane <b>Doe</b>");
    expect(main.text).toContain("https://portal.example.com/roreversal/edit/42");
    // React escaped the submitted text: no markup of the submitter's reaches the HTML as markup.
    expect(main.html).toContain("Jane &lt;b&gt;Doe&lt;/b&gt;");
    expect(main.html).not.toContain("<b>Doe");
    expect(main.html).toContain('href="https://portal.example.com/roreversal/edit/42"');
    const copy = smtp.received.find((m) => m.rcpt.includes("staff@example.com"))!;
    expect(copy.headers.subject).toContain("Copy:");
  });

  it("without a mapping the submission is unrouted: the manager and the submitter are still mailed", async () => {
    const [loc] = await listFormLocations();
    const res = await t.db().transaction((tx) => enqueueSubmissionMail(tx, input(loc.id, "mgr@example.com")));
    expect(res).toEqual({ routed: false });
    const rows = await t.db().select().from(schema.mailOutbox).orderBy(asc(schema.mailOutbox.id));
    expect(rows.map((r) => r.toAddresses)).toEqual([["mgr@example.com"], ["staff@example.com"]]);
  });

  it("a closed mapping does not route; a malformed manager address is skipped, not a crash", async () => {
    const [loc] = await listFormLocations();
    await t
      .db()
      .insert(schema.formEmailMappings)
      .values({ formKey: "ro_reversal", locationId: loc.id, toEmails: ["to1@example.com"], status: "Close" });
    const res = await t.db().transaction((tx) => enqueueSubmissionMail(tx, input(loc.id, "not an e-mail")));
    expect(res.routed).toBe(false);
    const rows = await t.db().select().from(schema.mailOutbox);
    expect(rows.map((r) => r.toAddresses)).toEqual([["staff@example.com"]]);
  });

  it("rolls back with the submission: no mail row survives a failed transaction", async () => {
    const [loc] = await listFormLocations();
    await expect(
      t.db().transaction(async (tx) => {
        await enqueueSubmissionMail(tx, input(loc.id, "mgr@example.com"));
        throw new Error("insert failed");
      }),
    ).rejects.toThrow("insert failed");
    expect(
      await t
        .db()
        .select()
        .from(schema.mailOutbox)
        .where(eq(schema.mailOutbox.subject, input(1, null).title)),
    ).toHaveLength(0);
  });
});
