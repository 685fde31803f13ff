import { eq } from "drizzle-orm";
import { schema, type Db } from "@/lib/db";
import { menuId } from "@/test/content/helpers";
import { userIdOf } from "@/test/auth";

/**
 * The search tests' records, beside the seed: a post only its comment or its document finds, an
 * attachment whose PDF holds a passage, a page only administrators and calendar managers may open
 * (with a post of its own), an inactive event, an event's attached file with extracted text, a staff-form record, a person.
 */
export async function seedSearchFixtures(db: Db) {
  const news = await menuId(db, "company-news");
  const docs = await menuId(db, "documents");
  const admin = await userIdOf(db, "admin");
  const [restricted] = await db
    .insert(schema.menus)
    .values({
      slug: "executive-board",
      title: "Executive Quarterback Board",
      pageTypes: [1],
      allowedRoleIds: [1, 2],
      position: 90,
    })
    .returning();
  const [claim] = await db
    .insert(schema.posts)
    .values({
      menuId: news,
      title: "Claim for warranty",
      description: "Every claim needs the repair order and photos.",
      createdBy: admin,
    })
    .returning();
  const [other] = await db
    .insert(schema.posts)
    .values({ menuId: news, title: "Monday notes", description: "Nothing special." })
    .returning();
  await db.insert(schema.comments).values({ postId: other.id, comment: "Mind the zebra crossing near the east lot." });
  const [secret] = await db
    .insert(schema.posts)
    .values({ menuId: restricted.id, title: "Quarterly bonus plan", description: "Only for the board." })
    .returning();
  const [file] = await db
    .insert(schema.files)
    .values({
      storageKey: "attachment/2026/01/fleet.pdf",
      originalName: "fleet_report-2024.pdf",
      kind: "attachment",
      status: "attached",
      mime: "application/pdf",
    })
    .returning();
  const [attachment] = await db
    .insert(schema.attachments)
    .values({ menuId: docs, title: "Fleet figures", uploadType: "file" })
    .returning();
  await db.insert(schema.contentDocuments).values({
    attachmentId: attachment.id,
    fileId: file.id,
    path: file.storageKey,
    name: "fleet_report-2024.pdf",
    mime: "application/pdf",
    extension: "pdf",
  });
  await db.insert(schema.fileTexts).values({ fileId: file.id, status: "done", chars: 120 });
  await db.insert(schema.fileTextChunks).values([
    { fileId: file.id, position: 0, content: "Introduction to the fleet. Vans and trucks by region." },
    {
      fileId: file.id,
      position: 1,
      content: "Section 4: the turbocharger inspection must happen every 20,000 miles on diesel vans.",
    },
  ]);
  const [std] = await db
    .insert(schema.saveTheDates)
    .values({ menuId: news, title: "Spring gala evening", description: "Dinner and awards.", eventDate: "2026-04-18" })
    .returning();
  const [key] = await db.select({ id: schema.calendarKeys.id }).from(schema.calendarKeys).limit(1);
  const at = (d: string) => new Date(`${d}T17:00:00Z`);
  const [clinic] = await db
    .insert(schema.calendarEvents)
    .values({
      title: "Service clinic",
      calendarKeyId: key.id,
      description: "Hands-on diagnostics.",
      contactPerson: "Jordan Pemberton",
      startsAt: at("2026-03-10"),
      occursFrom: at("2026-03-10"),
      occursUntil: at("2026-03-10"),
    })
    .returning();
  const [hidden] = await db
    .insert(schema.calendarEvents)
    .values({
      title: "Hovercraft launch rehearsal",
      calendarKeyId: key.id,
      status: "inactive",
      startsAt: at("2026-05-01"),
      occursFrom: at("2026-05-01"),
      occursUntil: at("2026-05-01"),
    })
    .returning();
  const [loc] = await db
    .select({ id: schema.locations.id, name: schema.locations.name })
    .from(schema.locations)
    .limit(1);
  const [person] = await db
    .insert(schema.users)
    .values({
      username: "ppatel",
      firstName: "Priya",
      lastName: "Patel",
      post: "Parts Manager",
      roleId: 3,
      locationId: loc.id,
      email: "priya.patel@example.com",
    })
    .returning();
  const [gone] = await db
    .insert(schema.users)
    .values({ username: "gone", firstName: "Zacharias", lastName: "Gone", roleId: 3, deletedAt: new Date() })
    .returning();
  const [ro] = await db
    .insert(schema.roReversals)
    .values({
      employeeName: "Quentin Marlowe",
      dateOfRequest: "2026-02-02",
      fullRa: "RA-77812",
      dateRaClosed: "2026-02-01",
      reason: "Labour billed twice on the alternator job.",
    })
    .returning();
  // A file attached to an event, with its extracted text: the event is found by the words inside it.
  const [eventFile] = await db
    .insert(schema.files)
    .values({
      storageKey: "event/2026/03/clinic-agenda.pdf",
      originalName: "clinic-agenda.pdf",
      kind: "event",
      status: "attached",
      mime: "application/pdf",
    })
    .returning();
  await db.insert(schema.calendarEventAttachments).values({ eventId: clinic.id, fileId: eventFile.id });
  await db.insert(schema.fileTexts).values({ fileId: eventFile.id, status: "done", chars: 60 });
  await db.insert(schema.fileTextChunks).values({
    fileId: eventFile.id,
    position: 0,
    content: "Agenda: the differential teardown demonstration starts at ten.",
  });
  await db.update(schema.menus).set({ title: "Executive Quarterback Board" }).where(eq(schema.menus.id, restricted.id));
  return {
    news,
    docs,
    restricted,
    claim,
    other,
    secret,
    attachment,
    file,
    std,
    clinic,
    hidden,
    person,
    gone,
    ro,
    location: loc,
  };
}
